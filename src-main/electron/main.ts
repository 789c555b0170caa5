// Electron entry (out/main/index.js). Everything else lives in desktop.ts and the core.
import * as electron from 'electron';
import { startDesktop } from './desktop';
import { keepRequestObjectsYoung } from '../core/perf/young-objects';

// Before the core starts (its bundle is loaded by now, which allocates little): V8 must not pretenure
// what requests allocate (core/perf/young-objects.ts).
keepRequestObjectsYoung();

// Electron passes its own path (and the app path when unpackaged) before our flags.
const argv = process.argv.slice(electron.app.isPackaged ? 1 : 2).filter((a) => a !== '.');
startDesktop(electron, argv).catch((e) => {
  electron.dialog.showErrorBox('Vet Consult Simulator', `The simulator could not start: ${(e as Error).message}`);
  electron.app.exit(1);
});
