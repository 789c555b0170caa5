// The journal is one module now (core/journal/). This file only keeps control/journal-routes.ts compiling until
// the control routes import the journal's types from there; it holds no logic. Delete it with that import.
export type { JournalFilter, JournalPage } from '../journal';
