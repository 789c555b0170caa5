// The floors of docs/architecture.md, checked by dependency-cruiser on every `npm test`: the real tree has no
// violation, and a planted tree with one forbidden import per rule fails exactly where it should — so the check
// can fail (a rule with a typo, or an `exclude` that hides node_modules, would leave the first test green forever).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruiseBoundaries, ROOT } from './cruise';

const CRUISE_TIMEOUT = 60_000; // a cold cruise of ~320 modules takes 5–15 s on the shared 2-core machine

describe('import boundaries', () => {
  it('the source tree keeps its floors: 0 violations', async () => {
    const { violations, result } = await cruiseBoundaries();
    expect(violations).toEqual([]);
    // The rules only bite if the cruise sees what they name: electron (imported by the Electron host) must be
    // resolved and kept in the graph, and the three folders must all have been read.
    const electronImports = result.modules
      .flatMap((m) => m.dependencies.map((d) => ({ from: m.source, to: d.resolved })))
      .filter((d) => d.to === 'node_modules/electron/index.js');
    expect(electronImports.map((d) => d.from)).toContain('src-main/electron/main.ts');
    const sources = result.modules.map((m) => m.source);
    for (const folder of ['src-main/core/http/', 'src-main/core/db/', 'src-shared/', 'src-renderer/'])
      expect(sources.some((s) => s.startsWith(folder)), folder).toBe(true);
  }, CRUISE_TIMEOUT);

  describe('a planted tree', () => {
    const planted = mkdtempSync(join(tmpdir(), 'boundaries-'));
    afterAll(() => rmSync(planted, { recursive: true, force: true }));
    const plant = (path: string, text: string) => {
      mkdirSync(dirname(join(planted, path)), { recursive: true });
      writeFileSync(join(planted, path), text);
    };
    // Resolve npm packages exactly as the real tree does.
    symlinkSync(join(ROOT, 'node_modules'), join(planted, 'node_modules'), 'dir');
    plant('src-shared/control.ts', 'export type AppRecord = { id: number };\n');
    plant('src-main/core/errors.ts', 'export class DomainError extends Error {}\n');
    plant('src-main/core/domain/pets.ts', "export const IMAGE_TYPES = ['image/png'];\n");
    plant('src-main/core/journal/capture.ts', 'export const captureRequest = () => null;\n');
    plant('src-main/core/http/envelope.ts', 'export const envelope = () => null;\n');
    // Allowed for http/: itself, src-shared, the core's leaf utilities, node builtins. Forbidden: the domain.
    plant(
      'src-main/core/http/media.ts',
      [
        "import { readFileSync } from 'node:fs';",
        "import type { AppRecord } from '../../../src-shared/control';",
        "import { DomainError } from '../errors';",
        "import { envelope } from './envelope';",
        "import { IMAGE_TYPES } from '../domain/pets';",
        'export const all = [readFileSync, DomainError, envelope, IMAGE_TYPES] as unknown as AppRecord;',
      ].join('\n'),
    );
    plant('src-main/core/db/journal.ts', "export { captureRequest } from '../journal/capture';\n");
    plant('src-main/core/owner/owner-access.ts', 'export const bearerOf = () => null;\n');
    plant('src-main/core/domain/owner-port.ts', "export { bearerOf } from '../owner/owner-access';\n");
    // A type-only import of electron couples the core to Electron all the same.
    plant('src-main/core/domain/window.ts', "import type { BrowserWindow } from 'electron';\nexport type W = BrowserWindow;\n");
    plant('src-main/electron/main.ts', "import { app } from 'electron';\nexport { app };\n"); // the host may
    plant(
      'src-renderer/App.tsx',
      [
        "import { useState } from 'react';",
        "import type { AppRecord } from '../src-shared/control';",
        "import { DomainError } from '../src-main/core/errors';",
        'export const all = [useState, DomainError] as unknown as AppRecord;',
      ].join('\n'),
    );
    plant('src-shared/errors.ts', "export { DomainError } from '../src-main/core/errors';\n");
    // The control routes through the port only: the port may be named, a service behind it may not.
    plant('src-main/core/domain/control-port.ts', 'export const controlPort = () => null;\n');
    plant('src-main/core/control/handlers-pets.ts', "export { controlPort } from '../domain/control-port';\nexport { IMAGE_TYPES } from '../domain/pets';\n");
    // The journal through its entry only.
    plant('src-main/core/journal/index.ts', "export { captureRequest } from './capture';\n");
    plant('src-main/core/partner/record.ts', "export { captureRequest } from '../journal/index';\nexport { captureRequest as raw } from '../journal/capture';\n");

    it('fails on each planted violation, and only on those', async () => {
      const { violations } = await cruiseBoundaries(planted);
      expect(violations).toEqual([
        'control-through-the-port: src-main/core/control/handlers-pets.ts → src-main/core/domain/pets.ts',
        'core-without-electron: src-main/core/domain/window.ts → node_modules/electron/index.js',
        'db-is-a-ground-floor: src-main/core/db/journal.ts → src-main/core/journal/capture.ts',
        'domain-below-the-routes: src-main/core/domain/owner-port.ts → src-main/core/owner/owner-access.ts',
        'http-is-the-ground-floor: src-main/core/http/media.ts → src-main/core/domain/pets.ts',
        'journal-through-its-entry: src-main/core/partner/record.ts → src-main/core/journal/capture.ts',
        'renderer-through-shared-only: src-renderer/App.tsx → src-main/core/errors.ts',
        'shared-imports-only-shared: src-shared/errors.ts → src-main/core/errors.ts',
      ]);
    }, CRUISE_TIMEOUT);
  });
});
