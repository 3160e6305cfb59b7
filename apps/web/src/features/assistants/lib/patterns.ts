import { type Pattern, patternImageUrl } from '@otklik/contract';

/** The image of a pattern from the list (no extra request), or its data URL on the server. */
export function patternUrl(id: string | null, patterns: readonly Pattern[] | undefined): string | null {
  if (!id) return null;
  const pattern = patterns?.find((p) => p.id === id);
  return pattern ? `data:${pattern.mimeType};base64,${pattern.imageData}` : patternImageUrl(id);
}
