// The control API's "path: message; path: message" refusals as the UI's forms say them (screens/settings/refusals.ts
// and the forms that read it): each form's words for the fields it has, the rest as the simulator said it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { namesField, partOf, partText, refusalParts } from '../../src-renderer/src/screens/settings/refusals';
import { FAULT_RULE_WORDS, refusalErrors } from '../../src-renderer/src/screens/settings/fault-rule-form';

// The forms' modules reach the store, which reads the address when it loads.
let refusalOf: typeof import('../../src-renderer/src/screens/settings/Field').refusalOf;
let refusedField: typeof import('../../src-renderer/src/screens/holds/arm-checks').refusedField;
beforeAll(async () => {
  vi.stubGlobal('location', { hash: '' });
  ({ refusalOf } = await import('../../src-renderer/src/screens/settings/Field'));
  ({ refusedField } = await import('../../src-renderer/src/screens/holds/arm-checks'));
});

describe('a refusal read part by part', () => {
  it('names the path before each message, or none', () => {
    expect(refusalParts('3.status: Too small: expected number to be >=400; 3.count: Too small: expected number to be >=1')).toEqual([
      { path: '3.status', message: 'Too small: expected number to be >=400' },
      { path: '3.count', message: 'Too small: expected number to be >=1' },
    ]);
    expect(partOf('Unsupported charset: send JSON as UTF-8.')).toEqual({ path: '', message: 'Unsupported charset: send JSON as UTF-8.' });
    expect(partOf('rules[0].steps: Too small')).toEqual({ path: 'rules[0].steps', message: 'Too small' });
    for (const part of ['name: a: b', 'Malformed JSON body.', 'x.y: z']) expect(partText(partOf(part))).toBe(part);
  });

  it('knows a field and the items of its list, not a field of the same start', () => {
    expect(namesField('cors_allowed_origins', 'cors_allowed_origins')).toBe(true);
    expect(namesField('cors_allowed_origins.12', 'cors_allowed_origins')).toBe(true);
    expect(namesField('cors_allowed_origins.x', 'cors_allowed_origins')).toBe(false);
    expect(namesField('names', 'name')).toBe(false);
  });
});

describe('the fault-rule form', () => {
  const message = '3.status: Too small: expected number to be >=400; 3.count: Too small: expected number to be >=1';

  it("says the form's words by the fields of the rule it added", () => {
    expect(refusalErrors(message, 3)).toEqual({ fields: { status: FAULT_RULE_WORDS.status, count: FAULT_RULE_WORDS.count }, form: undefined });
  });

  it('keeps what names no field of that rule as the simulator said it', () => {
    expect(refusalErrors(message, 2)).toEqual({ fields: {}, form: message });
    expect(refusalErrors('3.status: Too small; Too big: expected array to have <=100 items', 3))
      .toEqual({ fields: { status: FAULT_RULE_WORDS.status }, form: 'Too big: expected array to have <=100 items' });
    expect(refusalErrors('3.status.x: odd; 3.colour: red', 3)).toEqual({ fields: {}, form: '3.status.x: odd; 3.colour: red' });
  });
});

describe("an app's fields", () => {
  it('say the refusal of their field without its path, as a sentence', () => {
    expect(refusalOf('name: name must be a slug', 'name')).toBe('Name must be a slug.');
    expect(refusalOf('cors_allowed_origins.1: each CORS origin must be *, or scheme://host[:port]', 'cors_allowed_origins'))
      .toBe('Each CORS origin must be *, or scheme://host[:port].');
    expect(refusalOf('cors_allowed_origins: Too big: expected array to have <=50 items', 'cors_allowed_origins'))
      .toBe('Too big: expected array to have <=50 items.');
  });

  it('say any other refusal whole', () => {
    expect(refusalOf('An app named demo already exists.', 'name')).toBe('An app named demo already exists.');
    expect(refusalOf('names: taken', 'name')).toBe('Names: taken.');
  });
});

describe('the arm-a-hold form', () => {
  it('puts a refusal by the field it names, without its path', () => {
    expect(refusedField('count: Too big: expected number to be <=1000')).toEqual({ field: 'count', error: 'Too big: expected number to be <=1000' });
    expect(refusedField('timeout_ms: Too small')).toEqual({ field: 'timeout_s', error: 'Too small' });
    expect(refusedField('match: match keys cannot be __proto__, constructor or prototype'))
      .toEqual({ field: 'match', error: 'match keys cannot be __proto__, constructor or prototype' });
  });

  it('names no field for a refusal of no field of its own', () => {
    expect(refusedField('At most 100 holds may be armed at once; remove some first.')).toBeUndefined();
    expect(refusedField('match.pet_id: odd')).toBeUndefined();
    expect(refusedField('constructor: odd')).toBeUndefined();
  });
});
