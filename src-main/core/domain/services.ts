// The composition root: every domain service of one simulator, each built once, here, from the
// dependencies it names. Both API families, the control port and the hosts share these.
//
// A service's rules take the unit of work's `tx` first (`pets.add(tx, app, owner, input)`): the caller
// runs the whole use case — its lookups too — in one `uow.run(tx => …)`. Commands the control API and
// scripts call on their own (`apps.update`, `vets.setOnline`, …) open that unit of work themselves.
import type { Database } from '../db/database';
import { Reads } from '../db/repositories';
import { resourcePath } from '../resources';
import { appService } from './apps';
import { autopilotService } from './autopilot';
import { autopilotRulesService } from './autopilot/rules';
import { autopilotScheduler } from './autopilot/scheduler';
import { clientUserService } from './client-users';
import { clockService } from './clock';
import { consultationService } from './consultations';
import type { DomainContext } from './context';
import { UNSEEDED } from './randomness';
import { defaultsService } from './defaults';
import { faultService } from './faults';
import { holdArmingService } from './holds/arming';
import { HoldDesk } from './holds/desk';
import { feedbackService } from './feedback';
import { identityService } from './identity';
import { journalService } from '../journal';
import { messageService } from './messages';
import { packageService } from './packages';
import { paymentService } from './payments';
import { petService } from './pets';
import { reportService } from './reports';
import { simulatorStateService } from './simulator-state';
import { stateBrowser } from './state-browser';
import { tokenService } from './tokens';
import { userService } from './users';
import { vetService } from './vets';

export interface ServiceOptions {
  journalDb: Database;
  journalCap: number;
  /** The journal's stored bytes at most (undefined: the default); checked by the caller. */
  journalCapBytes?: number;
  random?: () => number;
  /** The rate limiter's windows: a reset or a restore starts them over. */
  forgetRateWindows?: () => void;
  /** The package catalogue a new or reset simulator starts with. */
  catalogueFile?: string;
}

export function buildServices(ctx: DomainContext, opts: ServiceOptions) {
  const { db, uow, clock, events, baseUrl } = ctx;
  // State events of committed units of work reach the bus (and through it the caches, the UI, the hosts).
  uow.publishTo((e) => events.emit('state', e), (m) => events.emit('message', m));
  const reads = new Reads(db);
  const random = opts.random;
  // Ids and secrets: this simulator's own randomness (seeded: reproducible, randomness.ts).
  const ids = ctx.random ?? UNSEEDED;

  const apps = appService({ clock, uow, reads, events, random: ids });
  // The roster draw's seed: the simulator's random seed, else the autopilot's (default 0): always reproducible.
  const vets = vetService({ uow, reads, random, drawSeed: () => ids.seed ?? autopilotRules.get().seed ?? 0 });
  const tokens = tokenService({ clock, reads, random: ids });
  const identities = identityService({ tokens, random: ids });
  const pets = petService({ clock, reads, baseUrl, random: ids });
  const users = userService({ clock, uow, pets, identities });
  const payments = paymentService({ clock });
  const messages = messageService({ clock, reads });
  // The autopilot's rules come first: opening a consultation schedules the steps of the first rule that fits it.
  const autopilotRules = autopilotRulesService({ uow, reads });
  const scheduler = autopilotScheduler({ clock, rules: autopilotRules });
  const consultations = consultationService({ clock, vets, users, pets, identities, messages, opened: scheduler.schedule, random: ids });
  const clientUsers = clientUserService({ clock, users, pets, payments, identities, consultations, random: ids });
  const feedback = feedbackService({ clock });
  const faults = faultService({ uow, reads, random: random ?? (ids.seed !== undefined ? ids.fraction : undefined), ids });
  const holds = holdArmingService({ uow, reads });
  const journal = journalService(ctx, opts.journalDb, opts.journalCap, opts.journalCapBytes);
  const autopilot = autopilotService({ clock, uow, reads, consultations, messages, feedback, vets, rules: autopilotRules });
  const clockSettings = clockService({ clock, uow, reads, steps: autopilot.steps });
  const defaults = defaultsService({ db, uow, apps, vets, payments, catalogueFile: opts.catalogueFile ?? resourcePath('packages.json') });
  const simulator = simulatorStateService({
    db, clock, events, apps, clockSettings, faults, holds, autopilotRules, journal, defaults, forgetRateWindows: opts.forgetRateWindows ?? (() => {}),
    restoredMeta: tokens.restoredSecret,
  });
  return {
    reads, apps, vets, defaults, users, pets, consultations, messages, feedback, payments, clientUsers, tokens, identities, faults, journal, simulator, autopilot,
    holds,
    /** Requests held now (in memory: a held request is an open connection). */
    held: new HoldDesk(events),
    clock: clockSettings,
    packages: packageService({ uow, reads }),
    reports: reportService({ reads, events }),
    browser: stateBrowser({ reads, clock, apps, vets }),
  };
}

export type Services = ReturnType<typeof buildServices>;
