// `npm start`: the desktop app when the Electron runtime is available, else the headless
// server with one line saying why (behaviour §1). Never triggers a runtime download.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'the Electron runtime is not downloaded (it cannot be fetched on this machine)' };
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(bin)) return { reason: 'the Electron runtime is not downloaded (it cannot be fetched on this machine)' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'there is no display' };
  return { bin };
}

const found = process.env.VET_SIM_HEADLESS ? { reason: 'VET_SIM_HEADLESS is set' } : electronBinary();
if (found.bin) {
  const child = spawn(found.bin, [root, ...args], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  // The same command line as `npm run serve` (package.json), so both runs are tuned alike.
  const serveArgs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve.split(' ').slice(1);
  const child = spawn(process.execPath, [...serveArgs.map((a) => (a.startsWith('out/') ? join(root, a) : a)), ...args], {
    stdio: 'inherit',
    env: { ...process.env, VET_SIM_INTRO: `Desktop app unavailable: ${found.reason}; running headless instead — open the UI address below in your browser.` },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}
