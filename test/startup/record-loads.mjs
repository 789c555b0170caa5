// Preloaded with `node --import` by cold-path.test.ts: appends the URL of every module Node loads
// to the file named by VET_SIM_LOAD_LOG, in load order, so a test can see what a start evaluated.
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url, { data: { log: process.env.VET_SIM_LOAD_LOG } });
