// Prebuilt database images a reset starts from, so that a reset reopens bytes instead of running
// every migration (measured 22 → 4 ms in memory) or the seeding (see Lifecycle.reset).
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import type { Statement } from './oplog';
import { prebuiltImage } from './prebuilt-images';
import type { Transaction } from './unit-of-work';

/** The empty, migrated database of each schema, as bytes; prebuilt (prebuilt-images.ts) or built once per process. */
const EMPTY_IMAGES = new WeakMap<string[], Uint8Array>();

export function emptyImage(SQL: SqlJsStatic, migrations: string[]): Uint8Array {
  let image = EMPTY_IMAGES.get(migrations) ?? prebuiltImage(migrations);
  if (!image) {
    const fresh = new SQL.Database();
    try {
      for (let v = 0; v < migrations.length; v++) fresh.run(migrations[v]);
      fresh.run(`PRAGMA user_version = ${migrations.length}`);
      image = fresh.export();
    } finally {
      fresh.close();
    }
    EMPTY_IMAGES.set(migrations, image);
  }
  return image;
}

/** A database opened from an image. sql.js copies the bytes into its own file, so one image serves every reset. */
export const openImage = (SQL: SqlJsStatic, image: Uint8Array): SqlJsDatabase => new SQL.Database(image);

/**
 * The state a seeding function leaves in an empty database: its image and the statements that
 * produced it (a reset logs these, so a replay rebuilds the same state from the empty image).
 */
export interface SeededImage {
  key: string;
  image: Uint8Array;
  stmts: Statement[];
  /** `stmts` as an in-place reset runs them (seed-batches.ts); the log records `stmts`. */
  rerun: Statement[];
}

/**
 * Up to this size (4 MiB at SQLite's default page size) a reset empties the tables in place; a larger
 * database is replaced by an image, so that its pages are not kept (and written at every checkpoint).
 */
export const IN_PLACE_MAX_PAGES = 1024;

export interface ResetOptions {
  /** What the seeding depends on besides code (e.g. the catalogue file's text): a new key rebuilds the kept image. */
  key?: string;
  /** Runs after the seeded image is in place, in the same logged step: what must differ per reset (a "now"). */
  fresh?: (tx: Transaction) => void;
}
