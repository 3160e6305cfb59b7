import { KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_FILE_TYPES, type KnowledgeFileItem } from '@otklik/contract';
import { KNOWLEDGE_TEXTS } from '../ru';

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** 1536 → «1,5 КБ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  const units = ['КБ', 'МБ', 'ГБ'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeFormat.format(value)} ${units[unit]}`;
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The label on a file's badge: its type, or «Сайт» for a scraped site. */
export function fileKind(file: Pick<KnowledgeFileItem, 'name' | 'source'>): string {
  if (file.source === 'site') return 'site';
  const ext = extension(file.name);
  return (KNOWLEDGE_FILE_TYPES as readonly string[]).includes(ext) ? ext : 'file';
}

/**
 * Spec §5: the allowed types of the knowledge upload, checked before sending (a dropped file
 * skips the input's accept list). The server checks the bytes again; this only saves a trip.
 */
export function checkUploadFile(file: File | null): string | null {
  if (!file) return KNOWLEDGE_TEXTS.upload.fileRequired;
  if (!(KNOWLEDGE_FILE_TYPES as readonly string[]).includes(extension(file.name)))
    return KNOWLEDGE_TEXTS.upload.badType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return KNOWLEDGE_TEXTS.upload.tooLarge;
  if (file.size === 0) return KNOWLEDGE_TEXTS.upload.empty;
  return null;
}

/** The name of a download: RFC 5987 `filename*` first (Cyrillic names), then `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed value falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.trim().replace(/\\(.)/g, '$1') : null;
}
