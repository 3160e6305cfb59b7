import { normalizeSiteUrl } from '@otklik/contract';

export const DEFAULT_URL_PREFIX = 'https://';

/**
 * Spec §5 for the scrape field: it always starts with https:// (or http:// when the owner typed
 * that), duplicated prefixes are removed, and the default prefix is https://. Deleting into the
 * prefix puts it back whole.
 */
export function forceUrlPrefix(input: string): string {
  const value = input.trimStart();
  if (!value) return DEFAULT_URL_PREFIX;
  const partial = /^(https?):\/{0,2}$/i.exec(value);
  if (partial?.[1]) return `${partial[1].toLowerCase()}://`;
  return normalizeSiteUrl(value) || DEFAULT_URL_PREFIX;
}

/** The address without its scheme; empty means the owner typed nothing yet. */
export const urlWithoutPrefix = (value: string): string => value.trim().replace(/^(https?:\/\/+)+/i, '');
