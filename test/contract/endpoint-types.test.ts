// The compiler holds every endpoint definition to its contract (src-main/core/partner/endpoint.ts): a use
// case takes exactly its schema's output, a view answers what the response schema says. These are type
// assertions, checked by the compiler, not at run time: test/architecture/type-tests.test.ts compiles this
// file under `npm test` (as `npm run typecheck` does), and each `@ts-expect-error` below must stay an error.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { CONTRACTS } from '../../src-shared/endpoints';
import * as A from '../../src-shared/schemas/application';
import * as B from '../../src-shared/schemas/client';
import { Attachment, defineEndpoint, done, type InputOf } from '../../src-main/core/partner/endpoint';
import { PARTNER_ENDPOINTS } from '../../src-main/core/partner/endpoints';
import { addPet, listPets, removePet } from '../../src-main/core/partner/use-cases/pets';
import { registerClient } from '../../src-main/core/partner/use-cases/users';

describe('endpoint definitions', () => {
  it("type a use case's input as its schema's output, nothing written by hand", () => {
    expectTypeOf(addPet).parameter(1).toEqualTypeOf<z.output<typeof A.petAddBody>>();
    expectTypeOf(registerClient).parameter(1).toEqualTypeOf<InputOf<typeof B.clientRegisterBody>>();
  });

  it("refuse a use case written for another endpoint's schema", () => {
    // @ts-expect-error A2's use case given B9's body
    defineEndpoint({ ...CONTRACTS.B9, useCase: addPet, view: () => ({ stringify_response: '' }) });
    // @ts-expect-error B9's use case on A2
    defineEndpoint({ ...CONTRACTS.A2, useCase: registerClient, view: () => ({ email: '', pet: null as never }) });
    // @ts-expect-error A2 with its schema swapped for B9's body
    defineEndpoint({ ...CONTRACTS.A2, schema: B.clientRegisterBody, useCase: addPet, view: () => ({ email: '', pet: null as never }) });
  });

  it('refuse a view that does not answer its response schema', () => {
    // @ts-expect-error A5 answers { list }, not a bare list
    defineEndpoint({ ...CONTRACTS.A5, useCase: listPets, view: (x) => x.pets });
    // @ts-expect-error A4 answers `true`
    defineEndpoint({ ...CONTRACTS.A4, useCase: removePet, view: () => 'removed' });
    // @ts-expect-error only B6 may answer an attachment
    defineEndpoint({ ...CONTRACTS.A4, useCase: removePet, view: () => new Attachment('text/csv', '', 'x.csv') });
    defineEndpoint({ ...CONTRACTS.A4, useCase: removePet, view: done });
  });

  it('are one per endpoint of the contract, in its order', () => {
    expect(PARTNER_ENDPOINTS.map((e) => e.id)).toEqual(Object.keys(CONTRACTS));
    for (const e of PARTNER_ENDPOINTS) expect(e).toMatchObject(CONTRACTS[e.id]);
    expect(PARTNER_ENDPOINTS.filter((e) => e.pureRead).map((e) => e.id)).toEqual(['A5', 'B4', 'B7']);
  });
});
