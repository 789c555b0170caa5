// The Electron main process, with a fake `electron` module: it starts the core, loads the UI
// from the simulator's own origin, applies the hardening options, and shuts the core down on quit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter, once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const { EventEmitter: EE } = require('node:events') as typeof import('node:events');
  const windows: FakeWindow[] = [];
  // Tests wait on these instead of the clock: 'loaded' (a window loaded its URL), 'quit' (app.quit was called).
  const announcer = new EE();
  class FakeWebContents extends EE {
    windowOpenHandler?: (d: { url: string }) => { action: string };
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h;
    }
  }
  class FakeWindow extends EE {
    webContents = new FakeWebContents();
    loadedUrl = '';
    constructor(readonly options: Record<string, unknown> & { webPreferences: Record<string, unknown> }) {
      super();
      windows.push(this);
    }
    async loadURL(url: string) {
      this.loadedUrl = url;
      announcer.emit('loaded', this);
    }
    getBounds() {
      return { x: 1, y: 2, width: 1000, height: 700 };
    }
    isMaximized() {
      return false;
    }
    isMinimized() {
      return false;
    }
    maximize() {}
    restore() {}
    focus() {}
    show() {}
  }
  const app: InstanceType<typeof EE> & Record<string, any> = Object.assign(new EE(), {
    isPackaged: false,
    quitCalls: 0,
    paths: {} as Record<string, string>,
    requestSingleInstanceLock: () => true,
    whenReady: async () => undefined,
    setName: () => undefined,
    setPath(name: string, p: string) {
      this.paths[name] = p;
    },
    quit() {
      this.quitCalls++;
      announcer.emit('quit', this.quitCalls);
      const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
      (this as unknown as import("node:events").EventEmitter).emit("before-quit", event);
    },
    exit: () => undefined,
  });
  const opened: string[] = [];
  return {
    windows,
    announcer,
    opened,
    module: {
      app,
      BrowserWindow: FakeWindow,
      Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
      shell: { openExternal: async (u: string) => void opened.push(u), openPath: async () => '' },
      ipcMain: { handle: vi.fn() },
      dialog: { showErrorBox: vi.fn() },
      session: { defaultSession: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn() } },
    },
  };
});

vi.mock('electron', () => ({ ...fake.module, default: fake.module }));

afterEach(() => {
  fake.windows.length = 0;
});

describe('Electron main process', () => {
  it('starts the core, loads the UI URL with hardened window options, and closes the core on quit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vet-electron-'));
    const { startDesktop } = await import('../../src-main/electron/desktop');
    const { sim, window } = await startDesktop(fake.module as never, ['--port', '0', '--data-dir', dir]);
    expect(sim).toBeDefined();
    const w = fake.windows[0];
    expect(window).toBe(w);
    expect(w.loadedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sim\/$/);
    expect(w.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(w.options.webPreferences.preload)).toMatch(/out[\\/]preload[\\/]index\.cjs$/);
    expect(fake.module.app.paths.userData).toBe(dir);
    // the core really answers on that origin
    const base = w.loadedUrl.replace('/__sim/', '');
    expect((await fetch(`${base}/api/v2/demo/media-url`)).status).toBe(200);
    // no navigation away, no new windows
    const nav = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    w.webContents.emit('will-navigate', nav, 'https://example.com/');
    expect(nav.defaultPrevented).toBe(true);
    const inside = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    w.webContents.emit('will-navigate', inside, `${base}/__sim/#vet`);
    expect(inside.defaultPrevented).toBe(false);
    expect(w.webContents.windowOpenHandler!({ url: 'https://docs.example/' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://docs.example/']);
    expect(fake.module.session.defaultSession.webRequest.onHeadersReceived).toHaveBeenCalled();
    expect(fake.module.ipcMain.handle).toHaveBeenCalledWith('sim:open-data-folder', expect.any(Function));
    // quitting closes the core: the port stops answering
    const closedCore = new Promise<void>((resolve) => fake.announcer.on('quit', (calls: number) => calls === 2 && resolve()));
    fake.module.app.quit();
    await closedCore; // the second quit comes after the core closed
    await expect(fetch(`${base}/api/v2/demo/media-url`)).rejects.toThrow();
    expect(fake.module.app.quitCalls).toBe(2); // once from the user, once after the core closed
  });
  it('a data folder held by `serve` is one clear dialog and exit code 4, never an unhandled error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vet-electron-'));
    const { createSimulator } = await import('../../src-main/core/simulator');
    const holder = await createSimulator({ dataDir: dir });
    try {
      const { startDesktop } = await import('../../src-main/electron/desktop');
      const exit = vi.fn();
      const app = Object.assign(new EventEmitter(), { ...fake.module.app, exit });
      const dialog = { showErrorBox: vi.fn() };
      expect(await startDesktop({ ...fake.module, app, dialog } as never, ['--port', '0', '--data-dir', dir])).toEqual({});
      expect(dialog.showErrorBox).toHaveBeenCalledWith('Vet Consult Simulator', expect.stringMatching(/^The data folder .* is in use by another simulator \(process \d+\)/));
      expect(exit).toHaveBeenCalledWith(4);
      expect(fake.windows).toHaveLength(0);
    } finally {
      await holder.close();
    }
  });
  it('a second instance quits at once', async () => {
    const { startDesktop } = await import('../../src-main/electron/desktop');
    const app = Object.assign(new EventEmitter(), { ...fake.module.app, requestSingleInstanceLock: () => false, quit: vi.fn() });
    const r = await startDesktop({ ...fake.module, app } as never, []);
    expect(r).toEqual({});
    expect(app.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
  });
  it('the entry module hands the real electron import to startDesktop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vet-electron-'));
    const argv = process.argv;
    process.argv = ['electron', '.', '--port', '0', '--data-dir', dir];
    try {
      const loaded = once(fake.announcer, 'loaded');
      await import('../../src-main/electron/main');
      await loaded;
      expect(fake.windows.length).toBe(1);
      expect(fake.windows[0].loadedUrl).toMatch(/\/__sim\/$/);
    } finally {
      process.argv = argv;
      fake.module.app.quit();
    }
  });
});
