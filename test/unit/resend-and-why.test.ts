// The request detail's resend draft checks and its reading of a journal entry's `why` (issue 37): a draft a
// browser cannot send is refused in a sentence before anything is sent; a why is shown as the server gives it,
// and a shape it does not know is not shown rather than shown wrong.
import { describe, expect, it } from 'vitest';
import { draftProblem } from '../../src-renderer/src/screens/resend';
import { whyOf } from '../../src-renderer/src/screens/WhyNote';
import type { JournalEntry } from '../../src-shared/control';

const draft = { method: 'POST', url: 'http://127.0.0.1:4010/api/v2/demo/register-user', headers: 'content-type: application/json', body: '{}' };
const entry = (why: unknown) => ({ id: 1, why }) as unknown as JournalEntry;

describe('a resend draft', () => {
  it('as it was is sendable', () => expect(draftProblem(draft)).toBeUndefined());
  it('refuses a method that is not a word, a URL that is not one, a header line without a colon, a body with GET', () => {
    expect(draftProblem({ ...draft, method: 'PO ST' })).toBe('The method must be a word such as GET or POST.');
    expect(draftProblem({ ...draft, url: '/api/v2/demo/register-user' })).toMatch(/^The URL must be a full address/);
    expect(draftProblem({ ...draft, url: 'ftp://x/y' })).toBe('The URL must start with http:// or https://.');
    expect(draftProblem({ ...draft, headers: 'content-type application/json' })).toBe('Each header line must be "name: value"; this one is not: content-type application/json');
    expect(draftProblem({ ...draft, method: 'get' })).toBe('A browser sends no body with GET: empty the body, or change the method.');
    expect(draftProblem({ ...draft, method: 'GET', body: '  ' })).toBeUndefined();
  });
});

describe("a journal entry's why", () => {
  it('is read as the server writes it: a summary and labelled details', () => {
    expect(whyOf(entry({ summary: 'The password differs.', details: [{ label: 'Username', text: 'demo' }] }))).toEqual({ summary: 'The password differs.', details: [{ label: 'Username', text: 'demo' }] });
  });
  it('a bare sentence is its summary; bare-sentence details are kept without a label; no summary takes the first detail', () => {
    expect(whyOf(entry('No such app.'))).toEqual({ summary: 'No such app.', details: [] });
    expect(whyOf(entry({ details: ['First.', { label: 'B', text: 'Second.' }] }))).toEqual({ summary: 'First.', details: [{ label: 'B', text: 'Second.' }] });
  });
  it('none, null, an empty summary or an unknown shape shows nothing', () => {
    for (const why of [undefined, null, '', 42, { summary: '' }, { details: [{ label: 'x' }] }, []]) expect(whyOf(entry(why)), JSON.stringify(why)).toBeNull();
  });
});
