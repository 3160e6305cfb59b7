import type { KnowledgeFileType } from '@otklik/contract';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/** Why a file is refused; the route turns it into a 400 with this text. */
export class RejectedFile extends Error {}

export const UNSUPPORTED_TYPE = 'Неподдерживаемый тип файла. Загрузите PDF, DOC, DOCX, TXT, XLSX или CSV.';
const BROKEN_ARCHIVE = 'Файл повреждён или слишком сильно сжат: такой документ не может быть обработан.';

export const MIME_TYPES: Record<KnowledgeFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** Unpacked content of one docx/xlsx may not exceed this, whatever its headers claim. */
const ZIP_MAX_UNPACKED = 200 * 1024 * 1024;
const ZIP_MAX_ENTRIES = 5000;
/** Deflate reaches ~1:1000 only on crafted data; real office XML stays well under 1:100. */
const ZIP_MAX_RATIO = 200;

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/**
 * The type of an upload, read from its bytes, never from its name or the client's MIME type.
 * The name only tells csv from txt, both of which are plain text.
 */
export function detectFileType(bytes: Uint8Array, filename: string): KnowledgeFileType {
  if (bytes.length === 0) throw new RejectedFile('Файл пустой.');
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // An OLE container is also .xls, .ppt, .msg: only one with a WordDocument stream is Word 97.
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('WordDocument', 'utf16le')))
      return 'doc';
    throw new RejectedFile(UNSUPPORTED_TYPE);
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return checkOfficeZip(bytes);
  if (looksLikeText(bytes)) return /\.csv$/i.test(filename) ? 'csv' : 'txt';
  throw new RejectedFile(UNSUPPORTED_TYPE);
}

/**
 * docx and xlsx are zip files: the declared sizes of the central directory are checked first,
 * then every entry is really inflated with a running count that stops at the limit, so neither a
 * lying header nor overlapping entries can make the parser unpack gigabytes later.
 */
function checkOfficeZip(bytes: Uint8Array): 'docx' | 'xlsx' {
  const names: string[] = [];
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        names.push(file.name);
        declared += file.originalSize;
        if (names.length > ZIP_MAX_ENTRIES || declared > ZIP_MAX_UNPACKED) throw new RejectedFile(BROKEN_ARCHIVE);
        if (file.originalSize > 1024 * 1024 && file.originalSize / Math.max(1, file.size) > ZIP_MAX_RATIO)
          throw new RejectedFile(BROKEN_ARCHIVE);
        return false;
      },
    });
  } catch (err) {
    if (err instanceof RejectedFile) throw err;
    throw new RejectedFile(BROKEN_ARCHIVE);
  }
  const has = (name: string) => names.includes(name);
  const type = !has('[Content_Types].xml')
    ? undefined
    : has('word/document.xml')
      ? 'docx'
      : has('xl/workbook.xml')
        ? 'xlsx'
        : undefined;
  if (!type) throw new RejectedFile(UNSUPPORTED_TYPE);
  let unpacked = 0;
  try {
    const unzip = new Unzip((file) => {
      file.ondata = (err, chunk) => {
        if (err) throw err;
        unpacked += chunk.length;
        if (unpacked > ZIP_MAX_UNPACKED || unpacked > bytes.length * ZIP_MAX_RATIO + 1024 * 1024)
          throw new RejectedFile(BROKEN_ARCHIVE);
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    unzip.push(bytes, true);
  } catch (err) {
    if (err instanceof RejectedFile) throw err;
    throw new RejectedFile(BROKEN_ARCHIVE);
  }
  return type;
}

/** No NUL bytes and few control characters in the first 64 KB: text in some 8-bit or UTF encoding. */
function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64 * 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b === 0) return false;
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  return control <= n / 100;
}
