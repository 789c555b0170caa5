// Every repository over one Sql: a unit of work's transaction (its writes land in that transaction)
// or the database for reads outside one. Each is built on first use, so a use case pays for the
// repositories it touches only.
import type { Param } from '../oplog';
import type { Row, Sql } from '../sql';
import { appsRepo } from './apps';
import { autopilotRepo } from './autopilot';
import { consultationCardsRepo } from './consultation-cards';
import { consultationsRepo, feedbackRepo } from './consultations';
import { messagesRepo } from './messages';
import { metaRepo } from './meta';
import { paymentsRepo } from './payments';
import { petsRepo } from './pets';
import { reportsRepo } from './reports';
import { usersRepo } from './users';
import { vetsRepo } from './vets';

export abstract class Repositories implements Sql {
  abstract all<T = Row>(sql: string, params?: Param[]): T[];
  abstract get<T = Row>(sql: string, params?: Param[]): T | undefined;
  abstract run(sql: string, params?: Param[]): { changes: number; lastId: number };

  #apps?: ReturnType<typeof appsRepo>;
  #vets?: ReturnType<typeof vetsRepo>;
  #users?: ReturnType<typeof usersRepo>;
  #pets?: ReturnType<typeof petsRepo>;
  #consultations?: ReturnType<typeof consultationsRepo>;
  #cards?: ReturnType<typeof consultationCardsRepo>;
  #feedback?: ReturnType<typeof feedbackRepo>;
  #payments?: ReturnType<typeof paymentsRepo>;
  #reports?: ReturnType<typeof reportsRepo>;
  #meta?: ReturnType<typeof metaRepo>;
  #messages?: ReturnType<typeof messagesRepo>;
  #autopilot?: ReturnType<typeof autopilotRepo>;

  get apps() {
    return (this.#apps ??= appsRepo(this));
  }
  get vets() {
    return (this.#vets ??= vetsRepo(this));
  }
  get users() {
    return (this.#users ??= usersRepo(this));
  }
  get pets() {
    return (this.#pets ??= petsRepo(this));
  }
  get consultations() {
    return (this.#consultations ??= consultationsRepo(this));
  }
  /** The vet console's consultation cards (consultation-cards.ts). */
  get consultationCards() {
    return (this.#cards ??= consultationCardsRepo(this));
  }
  get feedback() {
    return (this.#feedback ??= feedbackRepo(this));
  }
  get payments() {
    return (this.#payments ??= paymentsRepo(this));
  }
  get reports() {
    return (this.#reports ??= reportsRepo(this));
  }
  get meta() {
    return (this.#meta ??= metaRepo(this));
  }
  /** Consultation threads and the vet's activity (messages.ts). */
  get messages() {
    return (this.#messages ??= messagesRepo(this));
  }
  /** The autopilot's pending steps (autopilot.ts). */
  get autopilot() {
    return (this.#autopilot ??= autopilotRepo(this));
  }
}

/** The repositories over the database, for queries outside a unit of work: they never write. */
export class Reads extends Repositories {
  constructor(private readonly db: Sql) {
    super();
  }
  all<T = Row>(sql: string, params?: Param[]): T[] {
    return this.db.all<T>(sql, params);
  }
  get<T = Row>(sql: string, params?: Param[]): T | undefined {
    return this.db.get<T>(sql, params);
  }
  run(sql: string): never {
    throw new Error(`A write outside a unit of work (uow.run): ${sql.slice(0, 60)}`);
  }
}
