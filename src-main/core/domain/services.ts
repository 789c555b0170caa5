// All domain services of one simulator, built once and shared by both API families and the control API.
import type { DomainContext } from './context';
import type { Database } from '../db/database';
import { appService } from './apps';
import { vetService } from './vets';
import { userService } from './users';
import { petService } from './pets';
import { consultationService } from './consultations';
import { feedbackService } from './feedback';
import { paymentService } from './payments';
import { clientUserService } from './client-users';
import { tokenService } from './tokens';
import { faultService } from './faults';
import { journalService } from './journal';
import { reportService } from './reports';
import { defaultsService } from './defaults';
import { resourcePath } from '../resources';

export function buildServices(ctx: DomainContext, opts: { journalDb: Database; journalCap: number; random?: () => number }) {
  const apps = appService(ctx);
  const vets = vetService(ctx, opts.random);
  const payments = paymentService(ctx);
  return {
    apps,
    vets,
    defaults: defaultsService(ctx, { apps, vets, payments }, resourcePath('packages.json')),
    users: userService(ctx),
    pets: petService(ctx),
    consultations: consultationService(ctx, opts.random),
    feedback: feedbackService(ctx),
    payments,
    clientUsers: clientUserService(ctx, opts.random),
    tokens: tokenService(ctx),
    faults: faultService(ctx, opts.random),
    journal: journalService(ctx, opts.journalDb, opts.journalCap),
    reports: reportService(ctx),
  };
}

export type Services = ReturnType<typeof buildServices>;
