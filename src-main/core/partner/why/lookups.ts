// The why of a 404 (issue 37): which lookup failed, and what there is instead — the known apps for an unknown
// slug, the app an e-mail or a consultation belongs to, the owner of a pet. Read after the refusal, from the
// committed data the use case read (its unit of work wrote nothing: it threw).
import type { AppRecord } from '../../../../src-shared/control';
import type { Reads } from '../../db/repositories';
import type { ConsultationRow, PetRow, UserRow } from '../../db/repositories/types';
import { detail, listed, why, type Why } from './why';

/** At most this many known apps are listed. */
const LISTED_APPS = 20;

/** What a 404's explanation reads: the committed data and every app. */
export interface LookupReads {
  reads: Reads;
  apps: readonly AppRecord[];
}

export function unknownAppWhy(slug: string, apps: readonly AppRecord[]): Why {
  const known = apps.slice(0, LISTED_APPS).map((a) => `${a.name} (id ${a.id})`);
  return why(`No app is named "${slug}".`, [
    detail('Known apps', known.length ? `${listed(known)}${apps.length > LISTED_APPS ? `, and ${apps.length - LISTED_APPS} more` : ''}.` : 'none: create one in Settings.'),
    detail('Where', 'The app is the path segment after /api/v2/ (application family) or /api/client/v1/ (client family), by its name (or, client family, its id).'),
  ]);
}

export const unknownRouteWhy = (method: string, path: string): Why =>
  why(`No partner endpoint has the path ${path}.`, [detail('Request', `${method} ${path}`), detail('Endpoints', 'GET /__sim/v1/openapi/partner.json lists them.')]);

export const wrongMethodWhy = (method: string, path: string, allow: string): Why =>
  why(`${path} does not take ${method}: it takes ${allow}.`, [detail('Request', `${method} ${path}`)]);

const appName = (apps: readonly AppRecord[], id: number) => apps.find((a) => a.id === id)?.name ?? `#${id}`;

function userWhy({ reads, apps }: LookupReads, app: AppRecord, input: Record<string, unknown>): Why {
  const email = input.email;
  if (typeof email !== 'string') return why(`No live user of app ${app.name} matches the request.`);
  const anywhere = reads.all<UserRow>('SELECT * FROM users WHERE email = ? COLLATE NOCASE ORDER BY id DESC LIMIT 5', [email]);
  const here = anywhere.find((u) => u.app_id === app.id);
  const others = [...new Set(anywhere.filter((u) => u.app_id !== app.id && u.deleted_at === null).map((u) => appName(apps, u.app_id)))];
  const details = [detail('E-mail', `"${email}"`)];
  if (here?.deleted_at) details.push(detail('Deleted', `app ${app.name}'s user ${here.id} with this e-mail was deleted at ${here.deleted_at}.`));
  if (others.length) details.push(detail('Other apps', `a user with this e-mail exists in app ${listed(others)}, not in app ${app.name}.`));
  if (typeof input.app_id === 'number' && input.app_id !== app.id)
    details.push(detail('app_id', `${input.app_id} is not app ${app.name}'s id (${app.id}): A13 deletes users of the app in the path only.`));
  return why(`The e-mail "${email}" was not found among app ${app.name}'s live users.`, details);
}

function petWhy({ reads }: LookupReads, app: AppRecord, input: Record<string, unknown>): Why {
  const petId = Number(input.pet_id);
  const pet = Number.isInteger(petId) ? reads.get<PetRow>('SELECT * FROM pets WHERE id = ?', [petId]) : undefined;
  const owner = typeof input.email === 'string' ? reads.users.liveByEmail(app.id, input.email) : undefined;
  const whose = owner ? `user ${owner.email} (id ${owner.id})` : 'the user named';
  if (!pet) return why(`No pet has the id ${String(input.pet_id)}.`, [detail('Owner asked', whose)]);
  if (pet.deleted_at) return why(`Pet ${pet.id} (${pet.name}) was deleted at ${pet.deleted_at}.`);
  if (owner && pet.user_id !== owner.id) {
    const other = reads.users.byId(pet.user_id);
    return why(`Pet ${pet.id} (${pet.name}) belongs to another user, not to ${whose}.`, [
      detail('Owner', other ? `user id ${other.id}${other.app_id === app.id ? ` (${other.email})` : ', of another app'}` : `user id ${pet.user_id}`),
    ]);
  }
  return why(`Pet ${pet.id} is not one of ${whose}'s live pets.`);
}

function consultationWhy({ reads, apps }: LookupReads, app: AppRecord, sid: string | undefined, what: string): Why {
  if (!sid) return why(`No ${what.toLowerCase()} matches the request.`);
  const c = reads.consultations.bySid(sid);
  if (!c) return why(`No consultation has the sid "${sid}".`, [detail('Sids', 'a chat\'s starts with CH, a video call\'s with RM.')]);
  const details = [detail('Found', `${c.type} ${c.sid} of app ${appName(apps, c.app_id)}, ${c.status}.`)];
  if (c.app_id !== app.id) return why(`Consultation ${sid} belongs to app ${appName(apps, c.app_id)}, not to app ${app.name}.`, details);
  const wanted = what === 'Room' ? 'video' : 'chat';
  if (c.type !== wanted) return why(`Consultation ${sid} is a ${c.type} consultation; this endpoint takes a ${wanted} one.`, details);
  return why(`${what} ${sid} was not found for app ${app.name}.`, details);
}

function feedbackWhy({ reads }: LookupReads, sid: string | undefined): Why {
  const c: ConsultationRow | undefined = sid ? reads.consultations.bySid(sid) : undefined;
  return why(`No feedback has been written for ${sid ?? 'this consultation'} yet.`, c ? [detail('Consultation', `${c.type} ${c.sid}, ${c.status}.`)] : []);
}

/** The why of a use case's `<What> Not Found`, by what it names. */
export function notFoundWhy(deps: LookupReads, app: AppRecord, message: string, input: Record<string, unknown>, sid: string | undefined): Why {
  switch (message) {
    case 'User Not Found':
      return userWhy(deps, app, input);
    case 'Pet Not Found':
      return petWhy(deps, app, input);
    case 'Channel Not Found':
      return consultationWhy(deps, app, sid, 'Channel');
    case 'Room Not Found':
      return consultationWhy(deps, app, sid, 'Room');
    case 'Feedback Not Found':
      return feedbackWhy(deps, sid);
    case 'Identity Not Found':
      return why(`No live user of app ${app.name} holds the identity ${JSON.stringify(input.identity ?? null)}, or that user has no chat identity yet.`);
    default:
      return why(message);
  }
}
