// Client family B1–B11: the same services as the application family, the client serializers; each
// handler's data work is one unit of work, tokens are signed after it committed.
import type * as A from '../../../../src-shared/schemas/application';
import type * as B from '../../../../src-shared/schemas/client';
import type { UserRow } from '../../db/repositories/types';
import { grantsOf } from '../../domain/consultations';
import { nowStamp, type Tx } from '../../domain/context';
import { formatIsoMicros, parseTimestamp } from '../../clock';
import { applicationHandlers } from '../application/handlers';
import type { HandlerTable, PartnerRequest } from '../handler';
import { clientPet, clientUser, clientUserRow, paymentRow, vetFeedbackRow } from './serializers';

const CSV_COLUMNS = ['payment_id', 'amount', 'user_id', 'status', 'email', 'first_name', 'last_name', 'next_emergency_activation_date', 'payment_initiated_time', 'role', 'package_name', 'package_type'] as const;
const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s; // no formula injection when opened in a spreadsheet
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

function userView(r: PartnerRequest, tx: Tx, user: UserRow) {
  return clientUser(r.app, user, { defaultPet: r.services.pets.defaultPet(tx, user), devices: tx.users.devices(user.id), statuses: tx.users.statuses(user.id) });
}

export const clientHandlers: HandlerTable = {
  B1: (r: PartnerRequest<A.PetAddBody>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      const { pet, defaultPetId } = r.services.pets.add(tx, r.app, user, r.input);
      return { message: 'Pet Added', data: { email: user.email, pet: clientPet(pet, defaultPetId) } };
    }),

  B2: (r: PartnerRequest<A.PetUpdateBody>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      const pet = r.services.pets.update(tx, r.app, user, r.input.pet_id, r.input.pet ?? {}, r.file, r.baseUrl);
      return { message: 'Pet Added', data: { email: user.email, pet: clientPet(pet, user.default_pet_id) } };
    }),

  B3: applicationHandlers.A4,

  B4: (r: PartnerRequest<A.PetListQuery>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      return { message: 'pet list', data: { list: r.services.pets.list(tx, user, r.input).map((p) => clientPet(p, user.default_pet_id)) } };
    }),

  B5: (r: PartnerRequest<B.UserReportBody>) => {
    const i = r.input;
    const page = i.page ?? 1;
    const filter = { appId: r.app.id, search: i.search_value, dateFrom: i.date_from, dateTo: i.date_to, userId: i.user_id };
    const { rows, pagination } = r.ctx.uow.run((tx) => r.services.reports.clientUsers(tx, filter, page, i.pagination ?? 10));
    return {
      message: 'User Record Fetched Successfully.',
      data: { list: rows.map((x) => clientUserRow(x.user, { pets: x.pets, packageName: x.packageName, usage: x.usage })), pagination },
    };
  },

  B6: (r: PartnerRequest<B.PaymentReportBody>) => {
    const i = r.input;
    const filter = { appId: i.app_id ?? r.app.id, q: i.search_value, searchBy: i.search_by, dateFrom: i.date_from, dateTo: i.date_to, status: i.status };
    if (filter.appId !== r.app.id) return { message: 'Payment Record Fetched Successfully.', data: [] }; // never another app's rows
    const exporting = i.export === 'csv';
    const { rows } = r.ctx.uow.run((tx) => r.services.reports.payments(tx, filter, i.page ?? 1, exporting || !i.pagination ? undefined : (i.perPage ?? 10)));
    const out = rows.map(paymentRow);
    if (!exporting) return { message: 'Payment Record Fetched Successfully.', data: out };
    const csv = [CSV_COLUMNS.join(','), ...out.map((row) => CSV_COLUMNS.map((c) => csvCell(row[c])).join(','))].join('\r\n') + '\r\n';
    return { raw: { contentType: 'text/csv; charset=utf-8', body: csv, fileName: `payments-${r.app.name}-${nowStamp(r.ctx).slice(0, 10)}.csv` } };
  },

  B7: (r: PartnerRequest<B.VetFeedbacksBody>) => {
    const i = r.input;
    const perPage = i.pagination ? (i.perPage ?? 10) : undefined;
    const { rows } = r.ctx.uow.run((tx) => r.services.reports.feedback(tx, r.app.id, { q: i.search_value, searchBy: i.search_by }, i.page ?? 1, perPage));
    return {
      message: 'Record Fetched Successfully .',
      data: rows.map(vetFeedbackRow),
    };
  },

  B8: (r: PartnerRequest<{ email: string; pet_id: number }>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      return { message: 'Pet Switched Successfully', data: r.services.pets.switchDefault(tx, user, r.input.pet_id) };
    }),

  B9: async (r: PartnerRequest<B.ClientRegisterBody>) => {
    const { user, view } = r.ctx.uow.run((tx) => {
      const user = r.services.clientUsers.register(tx, r.app, r.input);
      return { user, view: userView(r, tx, user) };
    });
    const { token, rtcToken } = await r.services.identities.sessionTokens(r.app, user);
    return { message: 'User Created Successfully', data: { stringify_response: JSON.stringify({ token, rtcToken, user: view }) } };
  },

  B10: async (r: PartnerRequest<B.ClientTalkToVetBody>) => {
    const { consultation, user, view } = r.ctx.uow.run((tx) => {
      const opened = r.services.clientUsers.talkToVet(tx, r.app, r.input);
      return { ...opened, view: userView(r, tx, opened.user) };
    });
    const { token, rtcToken } = await r.services.identities.sessionTokens(r.app, user, grantsOf(consultation));
    return {
      message: 'User Found Successfully',
      data: { stringify_response: JSON.stringify({ token, rtcToken, channel: consultation.sid, user: view }) },
    };
  },

  B11: (r: PartnerRequest<B.ClientActionBody>) => {
    const user = r.ctx.uow.run((tx) => r.services.users.applyAction(tx, r.app, r.input));
    return {
      message: 'User action successful',
      data: { email: user.email, registration: formatIsoMicros(parseTimestamp(user.your_registration_date)), status: user.status, role: user.role },
    };
  },
};
