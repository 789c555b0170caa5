// Control tokens anyone can guess (issue 35 #11): the ones this project has printed in its docs and recipes, and
// tokens of a handful of distinct characters. With one of them, whoever reaches a published port reads every app's
// secrets through GET /apps, so `serve` refuses to start. Imports nothing: the flags are read on the start's early path.

/** Tokens shown in the README, docs/container.md and earlier versions of the Testcontainers recipe. */
const PUBLISHED = new Set(['a-control-token-for-tests', 'change-me-0123456789']);
const PLACEHOLDER = /change-?me|your-?token|example|placeholder|^(?:token|secret|password)/i;
const MIN_DISTINCT = 8;

/** Why `token` may not be used as a control token, or undefined when it may. */
export function weakTokenReason(token: string): string | undefined {
  if (PUBLISHED.has(token)) return 'it is the example token published in this project\'s documentation';
  if (PLACEHOLDER.test(token)) return 'it reads as a placeholder, not a secret';
  if (new Set(token).size < MIN_DISTINCT) return `it has fewer than ${MIN_DISTINCT} different characters`;
  return undefined;
}

/** What `serve` says before it exits 2 on a weak token. */
export const weakTokenMessage = (reason: string) =>
  `--control-token (VET_SIM_CONTROL_TOKEN) is refused: ${reason}. Use a random one, e.g. $(node -e "console.log(crypto.randomUUID())").`;
