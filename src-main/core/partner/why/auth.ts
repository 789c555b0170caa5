// The why of a 401 (issue 37): which part of the credentials failed, said without the secret. A2–A14 use
// `Authorization: Basic base64(<username>:<password>)`, the username being the app's API username (or its id) and
// the password its API token; B9–B11 send the app's `api_key` in the input.
import type { AppRecord } from '../../../../src-shared/control';
import { basicCredentialsMatch, parseBasic, sameSecret } from '../../domain/authentication';
import { detail, why, type Why } from './why';

const BASIC_FORM = 'Authorization: Basic base64(<API username or app id>:<API token>)';

const usernameOf = (app: AppRecord, username: string) => sameSecret(username, app.api_username) || sameSecret(username, String(app.id));
const lengthOf = (secret: string) => `${secret.length} character${secret.length === 1 ? '' : 's'}`;

/** Why `header` did not authenticate as `app` (by name); `apps` are all apps, to recognise another app's credentials. */
export function basicWhy(app: AppRecord, header: string | undefined, apps: readonly AppRecord[]): Why {
  const expected = detail('Expected', `${BASIC_FORM}, with app ${app.name}'s API username "${app.api_username}" (or its id ${app.id}) and its API token.`);
  if (header === undefined) return why('The request has no Authorization header.', [expected]);
  const scheme = /^\s*(\S+)/.exec(header)?.[1] ?? '';
  if (!/^basic$/i.test(scheme))
    return why(`The Authorization header is malformed: its scheme is "${scheme.slice(0, 20) || '(empty)'}", not Basic.`, [expected]);
  const creds = parseBasic(header);
  if (!creds) {
    return why('The Authorization header is malformed: what follows "Basic" is not base64 of "<username>:<password>" (no colon once decoded, or not base64).', [expected]);
  }
  const { username, password } = creds;
  const owner = apps.find((a) => basicCredentialsMatch(a, username, password));
  if (owner && owner.id !== app.id) {
    return why(`These are app ${owner.name}'s credentials; the URL names app ${app.name}.`, [
      detail('Username', `"${username}" is app ${owner.name}'s API username.`),
      detail('Password', `app ${owner.name}'s API token (not shown).`),
      expected,
    ]);
  }
  if (!usernameOf(app, username)) {
    const other = apps.find((a) => a.id !== app.id && usernameOf(a, username));
    return why(
      other
        ? `The username "${username}" is app ${other.name}'s, not app ${app.name}'s.`
        : `The username "${username}" is unknown: it is neither app ${app.name}'s API username nor its id.`,
      [detail('Username', `received "${username}"; app ${app.name}'s API username is "${app.api_username}" (or its id ${app.id}).`), expected],
    );
  }
  const tokenOf = apps.find((a) => a.id !== app.id && sameSecret(password, a.api_token));
  return why(`The password differs from app ${app.name}'s API token.`, [
    detail('Username', `"${username}": app ${app.name}'s, as expected.`),
    detail(
      'Password',
      tokenOf
        ? `app ${tokenOf.name}'s API token (not shown), not app ${app.name}'s.`
        : `${lengthOf(password)} received (not shown); app ${app.name}'s API token has ${lengthOf(app.api_token)}. Copy it from the app's settings.`,
    ),
  ]);
}

/** Why a present `api_key` did not authenticate as `app` (B9–B11). */
export function apiKeyWhy(app: AppRecord, key: unknown, apps: readonly AppRecord[]): Why {
  const text = typeof key === 'string' ? key : '';
  const owner = apps.find((a) => a.id !== app.id && sameSecret(text, a.api_key));
  return why(owner ? `The api_key is app ${owner.name}'s; the URL names app ${app.name}.` : `The api_key differs from app ${app.name}'s API key.`, [
    detail('api_key', `${lengthOf(text)} received (not shown); app ${app.name}'s API key has ${lengthOf(app.api_key)}.`),
  ]);
}
