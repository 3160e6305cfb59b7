/** File names as people give them, made safe to store, list and send back. */

/**
 * A clean display name: no path, no control characters, at most 200 characters. Browsers send a
 * part's file name as raw UTF-8 and the multipart parser reads header bytes as latin1, so a name
 * made only of latin1 characters that decodes as valid UTF-8 is decoded back.
 */
export function cleanFileName(raw: string): string {
  let name = raw;
  if (/[\u0080-\u00ff]/.test(name) && [...name].every((c) => c.charCodeAt(0) <= 0xff)) {
    const decoded = Buffer.from(name, 'latin1').toString('utf8');
    if (!decoded.includes('\ufffd')) name = decoded;
  }
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'файл').slice(0, 200);
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name, so Cyrillic names survive every browser. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
