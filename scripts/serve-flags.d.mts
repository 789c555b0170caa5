// Types of serve-flags.mjs for the tests.
export function serveNodeFlags(root: string): string[];
