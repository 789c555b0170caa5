// Request schemas of the client family (B1–B11). B1–B4 reuse the application ones.
import { z } from 'zod';
import {
  booleanLike, date, dateTime, email, fields, integer, oneOf, page, personName, petAge, petWeight,
  requiredWith, species, text, withRules,
} from './fields';
import { PACKAGE_TYPES, ROLES } from './application';

export const CLIENT_STATUSES = ['subscribed', 'cancelled', 'upgrade'] as const;
export { PACKAGE_TYPES };

export const petSwitchQuery = fields({ email: email({ required: true }), pet_id: integer({ required: true }) });

const datePair = [requiredWith('date_to', 'date_from'), requiredWith('date_from', 'date_to')];

export const userReportBody = withRules(
  fields({
    search_value: text(),
    date_from: date(),
    date_to: date(),
    page: page(),
    pagination: integer({ min: 1, max: 100 }),
    user_id: integer({ min: 1 }),
  }),
  datePair,
);

export const paymentReportBody = withRules(
  fields({
    search_value: text(),
    // The spec lists no values for search_by and status: none is refused, and one the report does not know
    // matches nothing (domain/reports.ts), as a where on it would.
    search_by: text({ description: '`email`, `first_name`, `last_name` or `package_name`; any other value matches nothing.' }),
    page: page(),
    pagination: booleanLike(),
    perPage: integer({ min: 1, max: 100 }),
    app_id: integer(),
    export: oneOf(['csv']),
    date_from: date(),
    date_to: date(),
    status: text({ description: '`succeeded` or `failed`; any other value matches nothing.' }),
  }),
  datePair,
);

export const vetFeedbacksBody = fields({
  search_value: text(),
  // As B6's: no list in the spec, so nothing is refused.
  search_by: text({ description: '`vet` or `user`; any other value matches nothing.' }),
  page: page(),
  pagination: booleanLike(),
  perPage: integer({ min: 1, max: 100 }),
});

const req = { required: true } as const;
const registrationFields = {
  email: email(req),
  password: text({ required: true, max: 255 }),
  device_token: text(req),
  api_key: text(req),
  dev_type: text(req),
  other: text(req),
  profile: text(req),
  gender: text(req),
  status: oneOf(CLIENT_STATUSES, req),
  type: oneOf(PACKAGE_TYPES, req),
  name: text(req),
  species: species(req),
  age: petAge(req),
  color: text(req),
  sex: text(req),
  number: text(req),
  exp_month: text(req),
  exp_year: text(req),
  cvc: text(req),
  package_id: text(req),
  price: text(req),
  // The one boolean reading of the API (fields.ts booleanLike): JSON true/false/1/0 or their strings.
  is_addOn: booleanLike(req),
  addOn_package_id: text(req),
  addOn_price: text(req),
  phone_no: text({ max: 32 }),
  dob: text(),
  country: text(),
  city: text(),
  zip_code: text({ max: 16 }),
  breed: text(), // B10 makes it required, in this place: a key given again keeps its place, so messages keep the table's order
  weight: petWeight(),
  sex_type: text(),
  code: text(),
};

export const clientRegisterBody = fields({
  first_name: personName(req),
  last_name: personName(req),
  ...registrationFields,
});

export const clientTalkToVetBody = fields({
  first_name: personName({ underscore: false }),
  last_name: personName(),
  ...registrationFields,
  breed: text(req),
  pet_tracking_code: text(),
  location_email: text(),
  end_chat_details: text(),
});

export const clientActionBody = fields({
  api_key: text(req),
  email: email(req),
  status: oneOf(CLIENT_STATUSES, req),
  first_name: personName(),
  last_name: personName(),
  your_registration_date: dateTime(),
  phone_no: text({ max: 32 }),
  role: oneOf(ROLES),
  type: oneOf(PACKAGE_TYPES),
});

/** The domain's inputs (domain/client-users.ts): what these schemas produce. */
export type ClientRegisterBody = z.output<typeof clientRegisterBody>;
export type ClientTalkToVetBody = z.output<typeof clientTalkToVetBody>;
