// Numbered schema migrations. Append new ones; never edit a shipped one.
export const MIGRATIONS: string[] = [
  /* 1: tenants, vets, users, pets, consultations, feedback, payments */ `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE apps (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL,
    api_username TEXT NOT NULL, api_token TEXT NOT NULL, api_key TEXT NOT NULL,
    rate_limit_per_minute INTEGER NOT NULL DEFAULT 200, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE vets (
    id TEXT PRIMARY KEY, username TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE, profile_image TEXT, online INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT, app_id INTEGER NOT NULL, family TEXT NOT NULL,
    email TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT, phone_no TEXT, dev_type TEXT,
    role TEXT NOT NULL, status TEXT NOT NULL, type TEXT NOT NULL DEFAULT 'monthly',
    emergency_fund INTEGER NOT NULL DEFAULT 0, trial_period INTEGER NOT NULL DEFAULT 14,
    your_registration_date TEXT NOT NULL, last_emergency_activation_date TEXT, next_emergency_activation_date TEXT,
    rtc_user_sid TEXT, default_pet_id INTEGER, password_hash TEXT, gender TEXT, profile TEXT, other TEXT,
    zip_code TEXT, country TEXT, city TEXT, dob TEXT, device_token TEXT, pet_tracking_code TEXT, extra TEXT,
    package_id TEXT, code TEXT,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT);
  CREATE UNIQUE INDEX users_live_email ON users(app_id, email COLLATE NOCASE) WHERE deleted_at IS NULL;
  CREATE INDEX users_app_created ON users(app_id, deleted_at, id);
  CREATE TABLE user_statuses (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, app_id INTEGER NOT NULL,
    status TEXT NOT NULL, type TEXT NOT NULL, date_time TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE INDEX user_statuses_user ON user_statuses(user_id, id);
  CREATE TABLE devices (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, device_token TEXT, udid TEXT, dev_type TEXT,
    app_version TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT);
  CREATE INDEX devices_user ON devices(user_id);
  CREATE TABLE pets (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, app_id INTEGER NOT NULL,
    name TEXT NOT NULL, species TEXT, age TEXT NOT NULL, breed TEXT, color TEXT, weight TEXT, sex TEXT NOT NULL,
    sex_type TEXT, dob TEXT, profile TEXT, is_dead TEXT NOT NULL DEFAULT '0',
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT);
  CREATE INDEX pets_user ON pets(user_id, deleted_at, id);
  CREATE TABLE media (
    id INTEGER PRIMARY KEY AUTOINCREMENT, app_id INTEGER NOT NULL, pet_id INTEGER NOT NULL, file_name TEXT NOT NULL,
    mime TEXT NOT NULL, data BLOB NOT NULL, created_at TEXT NOT NULL);
  CREATE INDEX media_pet ON media(pet_id, file_name);
  CREATE TABLE consultations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, sid TEXT NOT NULL UNIQUE, type TEXT NOT NULL, status TEXT NOT NULL,
    outcome TEXT, app_id INTEGER NOT NULL, user_id INTEGER NOT NULL, pet_id INTEGER, vet_id TEXT NOT NULL,
    identity TEXT NOT NULL, family TEXT NOT NULL, requested_vet_email TEXT, dev_type TEXT, device_token TEXT,
    location_email TEXT, created_at TEXT NOT NULL, accepted_at TEXT, ended_at TEXT, updated_at TEXT NOT NULL);
  CREATE INDEX consultations_status ON consultations(status);
  CREATE INDEX consultations_user ON consultations(user_id, id);
  CREATE TABLE feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT, consultation_id INTEGER NOT NULL UNIQUE, app_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL, vet_id TEXT NOT NULL, type TEXT NOT NULL, recommendation TEXT NOT NULL,
    reason TEXT NOT NULL, feedback_date TEXT NOT NULL, emergency_activated INTEGER NOT NULL DEFAULT 0,
    emergency_note TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE INDEX feedback_app ON feedback(app_id, id);
  CREATE TABLE packages (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, type TEXT NOT NULL, price TEXT NOT NULL);
  CREATE TABLE payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, app_id INTEGER NOT NULL, user_id INTEGER, email TEXT NOT NULL,
    first_name TEXT, last_name TEXT, amount TEXT NOT NULL, status TEXT NOT NULL, package_id TEXT,
    package_name TEXT, package_type TEXT, role TEXT, card_brand TEXT, card_last4 TEXT, failure_reason TEXT,
    initiated_at TEXT NOT NULL);
  CREATE INDEX payments_app ON payments(app_id, id);
  `,
  /* 2: per-app CORS origins (a JSON array), Laravel's default "*" */ `
  ALTER TABLE apps ADD COLUMN cors_allowed_origins TEXT NOT NULL DEFAULT '["*"]';
  `,
  /* 3: the vet console pages a status newest-first, and the roster asks which vets are busy */ `
  CREATE INDEX consultations_status_id ON consultations(status, id);
  CREATE INDEX consultations_vet_status ON consultations(vet_id, status);
  `,
  /* 4: a consultation's thread (messages of the vet, the owner and the system), and what the vet did to it (its timeline) */ `
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, consultation_id INTEGER NOT NULL, idx INTEGER NOT NULL, author TEXT NOT NULL,
    author_name TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
  CREATE UNIQUE INDEX messages_thread ON messages(consultation_id, idx);
  CREATE TABLE consultation_activity (
    id INTEGER PRIMARY KEY AUTOINCREMENT, consultation_id INTEGER NOT NULL, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL);
  CREATE INDEX consultation_activity_of ON consultation_activity(consultation_id, id);
  `,
  /* 5: the autopilot's pending steps (state: a reset clears them, kill -9 keeps them; due_at is epoch ms on the
        simulator clock, body the step as scheduled), and why the autopilot did what the timeline shows */ `
  CREATE TABLE autopilot_steps (
    id INTEGER PRIMARY KEY AUTOINCREMENT, consultation_id INTEGER NOT NULL, rule INTEGER NOT NULL, step INTEGER NOT NULL,
    due_at INTEGER NOT NULL, body TEXT NOT NULL, draw REAL);
  CREATE INDEX autopilot_steps_due ON autopilot_steps(due_at, id);
  CREATE INDEX autopilot_steps_of ON autopilot_steps(consultation_id);
  ALTER TABLE consultation_activity ADD COLUMN cause TEXT;
  `,
];

/** The request journal lives in its own file: it is large, written on every request, and not partner state. */
export const JOURNAL_MIGRATIONS: string[] = [
  /* 1 */ `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE journal (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, app TEXT, family TEXT, endpoint TEXT, method TEXT NOT NULL,
    path TEXT NOT NULL, query TEXT, status INTEGER NOT NULL, duration_ms REAL NOT NULL, detail BLOB NOT NULL);
  `,
  // Details are stored per batch flush, one deflated block for many entries (journal/batch.ts); a row
  // names its block in `batch`. Rows from before keep their own `detail` and `batch` NULL, and read as before.
  /* 2 */ `
  CREATE TABLE journal_batch (id INTEGER PRIMARY KEY, last_id INTEGER NOT NULL, detail BLOB NOT NULL);
  ALTER TABLE journal ADD COLUMN batch INTEGER;
  `,
  // Answers a fault rule made up or delayed (behaviour §18): 'fault' or 'delay', NULL for the API's own.
  /* 3 */ `
  ALTER TABLE journal ADD COLUMN injected TEXT;
  `,
  // The consultation a request touched (A8/B10 opened it, A9's token grants it, A10/A11/A14 name it), so its
  // timeline reads its requests by index instead of searching bodies. Rows from before have none: the
  // timeline still searches those, below the id kept in meta (journal service, legacyConsultationRows).
  /* 4 */ `
  ALTER TABLE journal ADD COLUMN consultation TEXT;
  CREATE INDEX journal_consultation ON journal(consultation) WHERE consultation IS NOT NULL;
  INSERT INTO meta(key, value) SELECT 'consultation_from', max(id) + 1 FROM journal HAVING max(id) IS NOT NULL;
  `,
  // Why a refused partner call was refused (issue 37): JSON `{ summary, details }` for the tester, never sent to the
  // client; NULL for an answer that was no refusal, and for rows from before.
  /* 5 */ `
  ALTER TABLE journal ADD COLUMN why TEXT;
  `,
  // The agent (an MCP client, by its name) that made the call (behaviour §21): its control actions are journaled
  // as entries of their own, and a partner call may say `x-sim-actor: agent:<name>`. NULL for everything else.
  /* 6 */ `
  ALTER TABLE journal ADD COLUMN agent TEXT;
  `,
];
