// Entry point of `npm run serve` (out/main/cli.js) and of the package's bin (`vet-consult-sim serve …`).
// Nothing heavy is imported statically: the compile cache must be on before the server's bundle is
// read. The performance switches, and what each one buys, are in core/perf/.
import { parseServeArgs } from './args';
import { databaseFile, loadSqlJsAhead, readEarly, tuneServe, type EarlyRead } from '../core/perf';

const tuning = tuneServe();

// The bin takes a command word; `serve` is the one command (and the default).
const argv = process.argv.slice(2);
if (argv[0] === 'serve') argv.shift();

// The database file starts loading on libuv's threads while the code below loads (core/perf/early-read.ts);
// flags that do not parse are reported by serve, which parses them again.
function readDatabaseEarly(): EarlyRead | undefined {
  try {
    const flags = parseServeArgs(argv);
    return flags.inMemory || flags.help || flags.version ? undefined : readEarly(databaseFile(flags.dataDir));
  } catch {
    return undefined;
  }
}
// `vet-consult-sim mcp …`: the MCP server over stdio (cli/mcp.ts) instead of serve.
const mcpCommand = argv[0] === 'mcp';
const earlyRead = mcpCommand ? undefined : readDatabaseEarly();

const fail = (e: unknown) => {
  process.stderr.write(`The simulator stopped on an unexpected error: ${(e as Error).message}\n`);
  process.exit(1);
};

function loadServe(): Promise<typeof import('./serve')> {
  loadSqlJsAhead();
  return import('./serve');
}

// In a promise: a build file that is missing or broken is reported in one line by `fail`, never a stack trace.
if (mcpCommand)
  import('./mcp').then((m) => m.runMcp(argv.slice(1))).then((code) => code !== undefined && process.exit(code), fail);
else Promise.resolve()
  .then(loadServe)
  .then(({ serve }) => {
    tuning.loaded();
    return serve(argv, undefined, undefined, process.env.VET_SIM_INTRO, earlyRead);
  })
  .then(
    (code) => {
      tuning.started();
      if (code !== undefined) process.exit(code);
    },
    (e) => {
      tuning.started();
      fail(e);
    },
  );
