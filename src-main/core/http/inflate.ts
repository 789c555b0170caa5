// The decompressors of a compressed request body, in a module of their own: loaded (with zlib) on the
// first compressed body only, so a start need not load zlib (issue 14, cold start).
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Duplex } from 'node:stream';

/** The decompressor a Content-Encoding (lowercased) names, as body-parser read them; undefined for one it did not. */
export function inflater(encoding: string): Duplex | undefined {
  if (encoding === 'gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}
