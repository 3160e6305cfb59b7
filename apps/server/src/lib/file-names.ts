/** File names as people give them, made safe to store, list and send back. */

/**
 * Characters that never belong in a shown file name: C0 and C1 controls and DEL (Cc), line and
 * paragraph separators, the bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E/F, U+202A–202E, U+2066–2069), which make 'evil\u202Efdp.exe' read as 'evilexe.pdf', and
 * invisible characters (zero-width space, word joiner, BOM, Mongolian vowel separator) that hide
 * a name's end. ZWJ and ZWNJ stay: emoji sequences and Persian names need them.
 */
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff\u180e]/gu;

/** A shown name: no path, no control, bidi or invisible characters, at most `max` characters. */
export function safeDisplayName(raw: string, max = 200): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE, '').trim();
  return [...(clean || 'файл')].slice(0, max).join('');
}

/**
 * A clean display name (safeDisplayName) of an uploaded part. Browsers send a part's file name as
 * raw UTF-8 and the multipart parser reads header bytes as latin1, so a name made only of latin1
 * characters that decodes as valid UTF-8 is decoded back.
 */
export function cleanFileName(raw: string): string {
  let name = raw;
  if (/[\u0080-\u00ff]/.test(name) && [...name].every((c) => c.charCodeAt(0) <= 0xff)) {
    const decoded = Buffer.from(name, 'latin1').toString('utf8');
    if (!decoded.includes('\ufffd')) name = decoded;
  }
  return safeDisplayName(name);
}

/**
 * RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name, so Cyrillic names survive every browser.
 * The name is cleaned here too: a name stored before the cleaning existed never reaches a header
 * with its bidi overrides.
 */
export function contentDisposition(name: string): string {
  const safe = safeDisplayName(name, 255);
  const fallback = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
