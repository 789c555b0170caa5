// Issue 36: every performance switch on a partner request's path is tabled in core/perf/request-path.ts with its
// measurement. The table must stay true: each switch names a file that exists, and each value the table holds is
// read by the file it names, not restated there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_PATH_SWITCHES } from '../../src-main/core/perf/request-path';

const CORE = join(__dirname, '../../src-main/core');

/** The values of the table and the file that reads each. */
const READERS: Record<string, string> = {
  PARTNER_READ_CACHE: 'partner/pipeline.ts',
  JOURNAL_FLUSH_DELAY_MS: 'journal/service.ts',
  JOURNAL_PENDING_MAX_ENTRIES: 'journal/pending.ts',
  JOURNAL_PENDING_MAX_BYTES: 'journal/pending.ts',
  JOURNAL_INSERT_SIZES: 'db/repositories/journal.ts',
  BASIC_ANSWERS_PER_APP: 'domain/authentication.ts',
  RANDOM_POOL_BYTES: 'domain/context.ts',
  ROUTE_MEMO_ENTRIES: 'partner/route-resolver.ts',
};

describe('the request path\'s performance switches (core/perf/request-path.ts)', () => {
  it('each names a file that exists and a measurement', () => {
    for (const s of REQUEST_PATH_SWITCHES) {
      expect(existsSync(join(CORE, s.where)), `${s.name}: ${s.where}`).toBe(true);
      expect(s.measured, s.name).toMatch(/\d/);
    }
  });

  it('each value is read from the table by the file that uses it', async () => {
    const table = await import('../../src-main/core/perf/request-path');
    const values = Object.keys(table).filter((k) => /^[A-Z][A-Z_]+$/.test(k) && k !== 'REQUEST_PATH_SWITCHES');
    expect(values.sort()).toEqual(Object.keys(READERS).sort());
    for (const [value, file] of Object.entries(READERS)) {
      const text = readFileSync(join(CORE, file), 'utf8');
      expect(text, file).toMatch(new RegExp(`import \\{[^}]*\\b${value}\\b[^}]*\\} from '(\\.\\./)+perf/request-path'`));
    }
  });
});
