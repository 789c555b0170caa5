// /__sim/v1: the control API the UI, test scripts, the programmatic API and agents share, over the control port
// only. One table of routes (src-shared/control-api/routes.ts) and one router (router.ts).
export { controlRouter, type ControlRouter } from './router';
