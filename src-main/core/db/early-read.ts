// The database file read ahead now lives with the other performance switches (core/perf/early-read.ts);
// this name stays for the db/ modules and the core that import it from here.
export { databaseFile, readEarly, takeEarly, type EarlyRead } from '../perf/early-read';
