// The compiler holds every control handler and every typed-client call to its route's definition (issue 36): a
// handler reads its own route's params, query and body as their schemas give them; the client takes the route's
// input and answers its answer type. test/architecture/type-tests.test.ts compiles this file under `npm test`,
// and each `@ts-expect-error` must stay an error.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ControlClient } from '../../src-shared/control-api/client';
import type { AnswerOf, RouteInput } from '../../src-shared/control-api/define';
import type { ControlRoutes } from '../../src-shared/control-api/routes';
import type { ControlHandler } from '../../src-main/core/control/handler';
import { vetHandlers } from '../../src-main/core/control/handlers-vet';

describe('control route types', () => {
  it("type a handler's input by its own route's schemas", () => {
    expectTypeOf<RouteInput<ControlRoutes['recordOutcome']>['body']>().toEqualTypeOf<{ status: 'accepted' | 'declined' | 'notanswered' }>();
    expectTypeOf<RouteInput<ControlRoutes['acceptConsultation']>['params']>().toEqualTypeOf<{ sid: string }>();
    expectTypeOf<RouteInput<ControlRoutes['listUsers']>['query']['page']>().toEqualTypeOf<number>();
    expectTypeOf(vetHandlers.recordOutcome).toEqualTypeOf<ControlHandler<ControlRoutes['recordOutcome']>>();
    // @ts-expect-error the outcome route's body has no `recommendation`
    const wrong: ControlHandler<ControlRoutes['recordOutcome']> = (port, { body }) => port.commands.writeFeedback('x', { recommendation: body.recommendation, reason: 'r' });
    expect(wrong).toBeDefined();
  });

  it("type the client's calls by the route: its input, its answer", () => {
    expectTypeOf<Parameters<ControlClient['recordOutcome']>[0]['body']>().toEqualTypeOf<{ status: 'accepted' | 'declined' | 'notanswered' }>();
    expectTypeOf<Parameters<ControlClient['recordOutcome']>[0]['params']>().toEqualTypeOf<{ sid: string }>();
    expectTypeOf<Awaited<ReturnType<ControlClient['getClock']>>>().toEqualTypeOf<AnswerOf<ControlRoutes['getClock']>>();
    expectTypeOf<Awaited<ReturnType<ControlClient['getClock']>>['frozen']>().toEqualTypeOf<boolean>();
    expectTypeOf<Awaited<ReturnType<ControlClient['getSnapshot']>>>().toEqualTypeOf<Uint8Array>();
    const call = (c: ControlClient) => {
      // @ts-expect-error a route with a body cannot be called without one
      void c.recordOutcome({ params: { sid: 'CH1' } });
      // @ts-expect-error nor with another route's body
      void c.recordOutcome({ params: { sid: 'CH1' }, body: { online: true } });
      return c.getHealth();
    };
    expect(call).toBeDefined();
  });
});
