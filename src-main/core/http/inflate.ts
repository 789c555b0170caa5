// The decompressors of a compressed control-API upload (a snapshot restore, control/system-routes.ts), in a
// module of their own so a start need not load zlib (issue 14, cold start). Partner bodies are never
// decompressed (body-text.ts: PHP decodes no request Content-Encoding).
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Duplex } from 'node:stream';

/** The decompressor a Content-Encoding (lowercased) names, as body-parser read them; undefined for one it did not. */
export function inflater(encoding: string): Duplex | undefined {
  if (encoding === 'gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}
