// The desktop shell (behaviour §15): a thin Electron main process around the same core the CLI runs.
// It receives the electron module as a parameter so that tests can hand it a fake.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Electron from 'electron';
import { openSimulator, type SimulatorCore } from '../core/simulator';
import { DataDirLocked } from '../core/db/data-dir-lock';
import { dataDirProblem } from '../core/db/data-dir-problem';
import { projectRoot } from '../core/resources';
import { parseServeArgs, PRODUCT_NAME, USAGE, UsageError } from '../cli/args';
import { appVersion } from '../cli/version';
import { UI_CSP } from '../core/http/static-ui';

type ElectronModule = Pick<typeof Electron, 'app' | 'BrowserWindow' | 'Menu' | 'shell' | 'ipcMain' | 'dialog' | 'session'>;
interface WindowState { width: number; height: number; x?: number; y?: number; maximized?: boolean }

export const WINDOW_HARDENING = { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true } as const;

function readWindowState(file: string): WindowState {
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as WindowState;
    if (s.width >= 640 && s.height >= 400) return s;
  } catch {
    /* first start, or an unreadable file: defaults */
  }
  return { width: 1360, height: 860 };
}

export async function startDesktop(electron: ElectronModule, argv: string[]): Promise<{ sim?: SimulatorCore; window?: Electron.BrowserWindow }> {
  const { app, BrowserWindow, Menu, shell, ipcMain, dialog, session } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return {};
  }
  let flags;
  try {
    flags = parseServeArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) dialog.showErrorBox(PRODUCT_NAME, `${e.message}\n\n${USAGE}`);
    app.quit();
    return {};
  }
  app.setName(PRODUCT_NAME);
  app.setPath('userData', flags.dataDir);
  await app.whenReady();

  let sim: SimulatorCore;
  try {
    sim = await openSimulator({
      dataDir: flags.dataDir, inMemory: flags.inMemory, seed: flags.seed, journalCap: flags.journalCap, journalCapBytes: flags.journalCapBytes, version: appVersion(), uiDir: join(projectRoot(), 'out', 'renderer'),
      randomSeed: flags.randomSeed,
    });
  } catch (e) {
    // `npm run serve` on the same data folder holds its lock: say so instead of failing without a word.
    dialog.showErrorBox(PRODUCT_NAME, dataDirProblem(flags.dataDir, e));
    app.exit(e instanceof DataDirLocked ? 4 : 1);
    return {};
  }
  let url: string;
  try {
    ({ url } = await sim.listen(flags.port, flags.host));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    dialog.showErrorBox(PRODUCT_NAME, code === 'EADDRINUSE' ? `Port ${flags.port} is already in use. Start with --port N (or --port 0).` : String(e));
    await sim.close();
    app.quit();
    return {};
  }
  const uiUrl = `${url}/__sim/`;
  const stateFile = join(flags.dataDir, 'window-state.json');
  const state = readWindowState(stateFile);

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [UI_CSP] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));

  const window = new BrowserWindow({
    width: state.width, height: state.height, x: state.x, y: state.y, minWidth: 900, minHeight: 560, show: false,
    title: PRODUCT_NAME, backgroundColor: '#0f1419',
    webPreferences: { ...WINDOW_HARDENING, preload: join(projectRoot(), 'out', 'preload', 'index.cjs') },
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  // No navigation away from the UI and no new windows; outside links open in the browser.
  window.webContents.on('will-navigate', (event, target) => {
    if (!target.startsWith(uiUrl)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (/^https?:\/\//.test(target)) void shell.openExternal(target);
    return { action: 'deny' };
  });
  window.on('close', () => {
    const b = window.getBounds();
    try {
      writeFileSync(stateFile, JSON.stringify({ ...b, maximized: window.isMaximized() }));
    } catch {
      /* in-memory mode may have no folder; the window state is a nicety */
    }
  });
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  const openDataFolder = () => (existsSync(flags.dataDir) ? shell.openPath(flags.dataDir) : Promise.resolve('The data folder does not exist (in-memory mode).'));
  ipcMain.handle('sim:open-data-folder', () => openDataFolder());
  const dev = !app.isPackaged && process.env.NODE_ENV !== 'production';
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      { label: 'File', submenu: [{ label: 'Open Data Folder', click: () => void openDataFolder() }, { type: 'separator' }, { role: 'quit' }] },
      { role: 'editMenu' },
      {
        label: 'View',
        submenu: [
          { role: 'reload' }, { role: 'forceReload' }, ...(dev ? [{ role: 'toggleDevTools' } as const] : []),
          { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' },
        ],
      },
      { label: 'Help', submenu: [{ label: 'OpenAPI document', click: () => void shell.openExternal(`${url}/__sim/v1/openapi.json`) }] },
    ]),
  );

  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closed = true;
    sim.close().finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());

  await window.loadURL(uiUrl);
  return { sim, window };
}
