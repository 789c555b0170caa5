// Found in issue 35's black-box verification: a card number followed in the same text by a space and a few
// more digits ("4111 1111 1111 1111 123", a card and its CVC typed in a chat, or a body cut at 64 KiB right
// after a card) was one 19-digit run to the card pattern; the run failed Luhn's check as a whole, so the card
// inside it stayed in clear in the journal and in the HAR export (control=include without credentials).
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { maskBodyText } from '../../src-main/core/journal/masking';
import { holdsCard, maskCards } from '../../src-main/core/journal/value-shape';
import { makeSim, type Harness } from '../helpers';

let h: Harness | undefined;
afterEach(async () => h?.sim.close());

describe('a card number with more digits beside it', () => {
  it('is masked whether the digits come after it or before it, the other digits kept', () => {
    expect(maskCards('card 4111 1111 1111 1111 123 thanks')).toBe('card *** 123 thanks');
    expect(maskCards('4242424242424242 424')).toBe('*** 424'); // a body cut right after a card
    expect(maskCards('ref 12 4000-0000-0000-0002')).toBe('ref 12 ***');
    expect(maskCards('4111 1111 1111 1111 1229 123')).toBe('*** 1229 123');
    expect(holdsCard('pay 5555 5555 5555 4444 12/29 737')).toBe(true);
    expect(maskBodyText('{"note":"my card 4111 1111 1111 1111 456"}', 'application/json')).toBe('{"note":"my card *** 456"}');
  });

  it('numbers that hold no card stay as they are', () => {
    expect(maskCards('order 1234 5678 9012 3456 789')).toBe('order 1234 5678 9012 3456 789');
    expect(maskCards('phone +49 30 1234 5678')).toBe('phone +49 30 1234 5678');
    expect(maskCards('4111111111111111123')).toBe('4111111111111111123'); // 19 digits in one piece: not separable
  });

  it('a card and its CVC typed into a chat through the control API are masked in the HAR export', async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet('ann@example.com');
    const sid = await h.talk();
    const sent = await h.ctl.post(`/consultations/${sid}/messages`, { author: 'owner', body: 'my card is 4111 1111 1111 1111 456' });
    expect(sent.status).toBe(201);
    const har = await request(h.sim.handle).get('/__sim/v1/requests.har?control=include');
    expect(har.status).toBe(200);
    expect(har.text).toContain('my card is *** 456');
    expect(har.text).not.toContain('4111 1111 1111 1111');
  });
});
