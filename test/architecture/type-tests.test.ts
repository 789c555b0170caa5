// Type tests fail under `npm test`: the compiler runs over every test file that asserts types (today
// test/contract/endpoint-types.test.ts) and what it imports, with tsconfig.json's options. A planted file,
// compiled in the same program, shows the check can fail: a type mismatch and an `@ts-expect-error` that no
// longer errs are both reported. One compilation serves both (~10–15 s of compiler work).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, typeErrors, typeTestFiles } from './type-check';

const PLANTED = 'test/contract/planted-types.test.ts'; // in memory only, never written
const PLANTED_TEXT = [
  "import { expectTypeOf } from 'vitest';",
  "import { PARTNER_ENDPOINTS } from '../../src-main/core/partner/endpoints';",
  'expectTypeOf(PARTNER_ENDPOINTS.length).toEqualTypeOf<string>();',
  '// @ts-expect-error nothing is wrong below any more',
  'const ids: string[] = PARTNER_ENDPOINTS.map((e) => e.id);',
  'export { ids };',
].join('\n');

let errors: string[];
beforeAll(() => {
  errors = typeErrors(typeTestFiles(), { [join(ROOT, PLANTED)]: PLANTED_TEXT });
}, 120_000); // the shared 2-core machine can triple the compiler's time

describe('type tests', () => {
  it('are found: the endpoint definitions are among them', () => {
    expect(typeTestFiles()).toContain(join(ROOT, 'test/contract/endpoint-types.test.ts'));
  });

  it('compile without an error', () => {
    expect(errors.filter((e) => !e.startsWith(`${PLANTED}:`))).toEqual([]);
  });

  it('fail on a planted type error and on an @ts-expect-error that no longer errs', () => {
    const planted = errors.filter((e) => e.startsWith(`${PLANTED}:`));
    expect(planted.map((e) => e.replace(/ TS(\d+) .*/, ' TS$1'))).toEqual([`${PLANTED}:3: TS2344`, `${PLANTED}:4: TS2578`]);
    expect(planted[1]).toContain("Unused '@ts-expect-error' directive.");
  });
});
