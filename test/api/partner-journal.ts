// The newest journal entry of a harness, in full: what the API tests of issue 35 (#16, #18, #19, #24) read
// to check why a body was read as it was.
import type { Harness } from '../helpers';

export async function newestEntry(h: Harness): Promise<{ error: string | null; request_body: string | null; request_bytes: number; status: number }> {
  const [summary] = (await h.ctl.get('/requests?limit=1')).body.items;
  return (await h.ctl.get(`/requests/${summary.id}`)).body;
}

/** What A2 (pet/add) answers a request whose body gives no input: Laravel's messages for empty input. */
export const A2_EMPTY_INPUT = {
  success: false, status_code: 422, data: [],
  message: ['The email field is required.', 'The name field is required.', 'The age field is required.', 'The sex field is required.'],
};

export const A2_PET = { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' };

/** superagent's serializer for a body sent as the bytes given (it would JSON-encode a Buffer sent as JSON). */
export const asIs = (body: unknown) => body as string;
