// Wraps a supertest agent so that every response it receives is held to the OpenAPI documents: a
// response that breaks the contract rejects the await, which fails the very test that received it.
import type { Response } from 'supertest';
import { controlViolations } from './control-contract';
import { partnerViolations } from './partner-contract';

export class ContractViolation extends Error {
  constructor(readonly violations: string[]) {
    super(`Response breaks its OpenAPI document:\n  ${violations.join('\n  ')}`);
    this.name = 'ContractViolation';
  }
}

type Checker = (r: { method: string; path: string; status: number; contentType: string | undefined; body: unknown }) => string[];
const CHECKERS: Checker[] = [partnerViolations, controlViolations];

/** Adds a checker (e.g. the control API's document) to every wrapped agent; returns its removal. */
export function addContractChecker(c: Checker): () => void {
  CHECKERS.push(c);
  return () => void CHECKERS.splice(CHECKERS.indexOf(c), 1);
}

export function violationsOf(method: string, url: string, res: Response): string[] {
  const observed = { method, path: new URL(url, 'http://127.0.0.1').pathname, status: res.status, contentType: res.headers['content-type'], body: res.body };
  return CHECKERS.flatMap((check) => check(observed));
}

interface Thenable {
  method: string;
  url: string;
  then: (ok?: (r: Response) => unknown, fail?: (e: unknown) => unknown) => Promise<unknown>;
}

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

function checked<T extends Thenable>(test: T): T {
  const sent = test.then.bind(test);
  test.then = (ok, fail) =>
    sent((res: Response) => {
      const violations = violationsOf(test.method, test.url, res);
      if (violations.length) throw new ContractViolation(violations);
      return res;
    }).then(ok as (v: unknown) => unknown, fail);
  return test;
}

export function contractChecked<A extends object>(agent: A): A {
  return new Proxy(agent, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !VERBS.has(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => checked(value.apply(target, args) as Thenable);
    },
  });
}
