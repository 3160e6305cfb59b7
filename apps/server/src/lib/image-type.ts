/**
 * The type of an uploaded picture, read from its bytes (never from its name or the client's
 * MIME type). Written by hand: four fixed signatures plus a look at each format's first
 * structure, which is all an avatar needs; a general sniffing library would add a dependency
 * and detect dozens of formats we refuse anyway.
 */
export type RasterType = 'png' | 'jpeg' | 'webp' | 'gif';

export const RASTER_MIME: Record<RasterType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
export const RASTER_EXT: Record<RasterType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

export function rasterType(bytes: Uint8Array): RasterType | null {
  // PNG: signature, then the IHDR chunk of length 13 first.
  if (
    bytes.length >= 33 &&
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    ascii(bytes, 12, 16) === 'IHDR'
  )
    return 'png';
  // JPEG: SOI followed by a marker segment.
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff]) && (bytes[3] ?? 0) >= 0xc0) return 'jpeg';
  // GIF87a / GIF89a with its logical screen descriptor.
  if (bytes.length >= 13 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  // WebP: a RIFF container of form WEBP with a VP8 / VP8L / VP8X chunk.
  if (
    bytes.length >= 16 &&
    ascii(bytes, 0, 4) === 'RIFF' &&
    ascii(bytes, 8, 12) === 'WEBP' &&
    /^VP8[ LX]$/.test(ascii(bytes, 12, 16))
  )
    return 'webp';
  return null;
}

/** Text that looks like SVG (or any XML/HTML markup): refused unless it is one of our own avatars. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(Buffer.from(bytes.subarray(0, 64 * 1024)).toString('utf8'));
}
