// Entry point of `npm run serve` (out/main/cli.js) and of the package's bin (`vet-consult-sim serve …`).
import { serve } from './serve';

// The bin takes a command word; `serve` is the one command (and the default).
const argv = process.argv.slice(2);
if (argv[0] === 'serve') argv.shift();

serve(argv, undefined, undefined, process.env.VET_SIM_INTRO).then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
  (e) => {
    process.stderr.write(`The simulator stopped on an unexpected error: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
