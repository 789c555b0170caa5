// `npm run screenshots`: refreshes the README's pictures in docs/screenshots on purpose. `npm test` takes the
// same screenshots into test-results/screenshots (ignored), so a test run never changes tracked files.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'docs', 'screenshots');
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts', 'test/e2e/ui.test.ts', 'test/e2e/vet-console.test.ts', 'test/e2e/owner-page.test.ts', 'test/e2e/vet-thread.test.ts', 'test/e2e/ui-trust.test.ts', 'test/e2e/holds.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, VET_SIM_SCREENSHOT_DIR: dir } },
);
if (run.status === 0) console.log(`Screenshots refreshed in ${dir}; review them with \`git diff --stat docs/screenshots\` before committing.`);
process.exit(run.status ?? 1);
