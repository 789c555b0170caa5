// The type of an uploaded image, decided from its bytes as Laravel's `mimes` rule does (fileinfo),
// never from the part's declared Content-Type.

const startsWith = (data: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** `image/png`, `image/jpeg`, `image/gif` or `image/webp`; anything else is `application/octet-stream`. */
export function sniffImageType(data: Uint8Array): string {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return 'application/octet-stream';
}
