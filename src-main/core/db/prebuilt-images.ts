// A new data folder starts from a prebuilt image of each schema instead of running every migration:
// on a fresh folder the migrations were ~60 ms of a ~330 ms start (SQLite compiling its DDL code
// paths from WebAssembly on first use), and opening the image takes ~1 ms (issue 14, cold start).
// The images are found by a hash of the migrations' text, so a migrations list that has changed
// since they were built finds none and migrates as before; test/unit/schema-images.test.ts fails
// until they are rebuilt (it says how).
import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SCHEMA_IMAGES } from './schema-images';

/** The key of a migrations list: its whole text, in order. */
export const migrationsKey = (migrations: readonly string[]): string =>
  createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 32);

const inflated = new WeakMap<readonly string[], Uint8Array | null>();

/** The empty, migrated database of this migrations list, if one was built for exactly this text. */
export function prebuiltImage(migrations: readonly string[]): Uint8Array | undefined {
  let image = inflated.get(migrations);
  if (image === undefined) {
    const packed = (SCHEMA_IMAGES as Record<string, string>)[migrationsKey(migrations)];
    image = packed ? new Uint8Array(inflateRawSync(Buffer.from(packed, 'base64'))) : null;
    inflated.set(migrations, image);
  }
  return image ?? undefined;
}
