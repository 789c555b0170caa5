// Entry point of `npm run serve` (out/main/cli.js).
import { serve } from './serve';

serve(process.argv.slice(2), undefined, undefined, process.env.VET_SIM_INTRO).then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
  (e) => {
    process.stderr.write(`The simulator stopped on an unexpected error: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
