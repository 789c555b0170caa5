// Client family B1–B11: each endpoint's contract with the use case it runs and this family's view of
// the result (serializers.ts). B1–B4 run the application family's pet use cases; only the view differs.
import type { z } from 'zod';
import { CONTRACTS as C, type ResponseComponents } from '../../../../src-shared/endpoints';
import { formatIsoMicros, parseTimestamp } from '../../clock';
import type { PetRow } from '../../db/repositories/types';
import { defineEndpoint, done, type PartnerContext } from '../endpoint';
import { clientTalkToVet } from '../use-cases/consultations';
import { addPet, listPets, removePet, switchDefaultPet, updatePet } from '../use-cases/pets';
import { clientUserReport, paymentReport, vetFeedbackList } from '../use-cases/reports';
import { clientProfileOf, registerClient, reportClientStatus } from '../use-cases/users';
import { paymentsCsv } from './payments-csv';
import { clientPet, clientUser, clientUserRow, paymentRow, vetFeedbackRow } from './serializers';

type Registration = z.input<ResponseComponents['clientRegistrationSession']>;
type Chat = z.input<ResponseComponents['clientChatSession']>;
type ClientProfile = ReturnType<typeof clientProfileOf>;

const user = (p: ClientProfile, c: PartnerContext) => clientUser(c.app, p.user, { defaultPet: p.defaultPet, devices: p.devices, statuses: p.statuses });
/** B1 and B2 answer alike: the owner's email and the pet. */
const petOf = (x: { email: string; pet: PetRow; defaultPetId: number | null }) => ({ email: x.email, pet: clientPet(x.pet, x.defaultPetId) });

export const CLIENT_ENDPOINTS = {
  B1: defineEndpoint({ ...C.B1, useCase: addPet, view: petOf }),
  B2: defineEndpoint({ ...C.B2, useCase: updatePet, view: petOf }),
  B3: defineEndpoint({ ...C.B3, useCase: removePet, view: done }),
  B4: defineEndpoint({ ...C.B4, useCase: listPets, pureRead: true, view: (x) => ({ list: x.pets.map((p) => clientPet(p, x.defaultPetId)) }) }),
  B5: defineEndpoint({
    ...C.B5,
    useCase: clientUserReport,
    view: ({ rows, pagination }) => ({
      list: rows.map((x) => clientUserRow(x.user, { pets: x.pets, packageName: x.packageName, usage: x.usage })),
      pagination,
    }),
  }),
  B6: defineEndpoint({
    ...C.B6,
    useCase: paymentReport,
    view: (x, c) => {
      const rows = x.rows.map(paymentRow);
      return x.csv ? paymentsCsv(rows, c) : rows;
    },
  }),
  B7: defineEndpoint({ ...C.B7, useCase: vetFeedbackList, pureRead: true, view: (rows) => rows.map(vetFeedbackRow) }),
  B8: defineEndpoint({ ...C.B8, useCase: switchDefaultPet, view: (sync) => sync }),
  B9: defineEndpoint({
    ...C.B9,
    useCase: registerClient,
    view: (x, c) => ({ stringify_response: JSON.stringify({ token: x.token, rtcToken: x.rtcToken, user: user(x, c) } satisfies Registration) }),
  }),
  B10: defineEndpoint({
    ...C.B10,
    useCase: clientTalkToVet,
    consultation: { result: (x) => x.consultation.sid },
    view: (x, c) => ({
      stringify_response: JSON.stringify({ token: x.token, rtcToken: x.rtcToken, channel: x.consultation.sid, user: user(x, c) } satisfies Chat),
    }),
  }),
  B11: defineEndpoint({
    ...C.B11,
    useCase: reportClientStatus,
    view: (u) => ({ email: u.email, registration: formatIsoMicros(parseTimestamp(u.your_registration_date)), status: u.status, role: u.role }),
  }),
};
