// What leaves a tool: credentials masked unless asked for, long texts paged with how to read on.
import { expect, it } from 'vitest';
import { MASK, shapeOutput } from '../../src-main/core/mcp/mask';

it('masks credentials by key and inside text, unless secrets: true', () => {
  const app = { name: 'a', api_username: 'a-user', api_token: 'tok_123456789', request_headers: { authorization: 'Basic YWJjOmRlZmdoaQ==' }, note: 'sent Bearer abcdefghijkl' };
  expect(shapeOutput(app, {})).toEqual({ name: 'a', api_username: 'a-user', api_token: MASK, request_headers: { authorization: MASK }, note: `sent Bearer ${MASK}` });
  expect(shapeOutput(app, { secrets: true })).toEqual(app);
});

it('pages a long text and says where the next page starts', () => {
  const body = 'x'.repeat(250);
  expect(shapeOutput({ body }, { text_chars: 100 }).body).toBe(`${'x'.repeat(100)}\n… [characters 0–100 of 250; call again with text_offset: 100 to read on]`);
  expect(shapeOutput({ body }, { text_chars: 100, text_offset: 200 }).body).toBe(`${'x'.repeat(50)}\n… [characters 200–250 of 250]`);
  expect(shapeOutput({ body: 'short' }, {}).body).toBe('short');
});
