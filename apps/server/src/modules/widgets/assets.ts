import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PREDEFINED_AVATAR_NAMES, predefinedAvatarUrl } from '@otklik/contract';
import { serverPath } from '../../paths';

/**
 * Our own images, shipped in apps/server/assets (found through paths.ts, so the bundle in
 * dist/ reads the same folder): header patterns, seeded into the database, and the predefined
 * avatars, served as static files at /avatars/avatarN.svg.
 */
export const PATTERNS_DIR = serverPath('assets', 'patterns');
export const AVATARS_DIR = serverPath('assets', 'avatars');

export interface PatternAsset {
  id: string;
  name: string;
  mimeType: string;
  bytes: Buffer;
  position: number;
}

const MIME_BY_EXT: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };

let patternCache: PatternAsset[] | undefined;

/** Files are named `NN-id.svg`: NN orders the list, id is the stable pattern id; the name is the SVG's <title>. */
export function patternAssets(): PatternAsset[] {
  patternCache ??= readdirSync(PATTERNS_DIR)
    .filter((f) => MIME_BY_EXT[path.extname(f)])
    .sort()
    .map((file, position) => {
      const bytes = readFileSync(path.join(PATTERNS_DIR, file));
      const ext = path.extname(file);
      const id = path.basename(file, ext).replace(/^\d+-/, '');
      const title = ext === '.svg' ? /<title>([^<]+)<\/title>/.exec(bytes.toString('utf8'))?.[1] : undefined;
      return { id, name: title?.trim() || id, mimeType: MIME_BY_EXT[ext] ?? 'image/svg+xml', bytes, position };
    });
  return patternCache;
}

export interface AvatarAsset {
  name: string;
  url: string;
  bytes: Buffer;
  sha256: string;
}

let avatarCache: Map<string, AvatarAsset> | undefined;

/** avatar1 … avatar11, by file name (`avatar3.svg`). */
export function predefinedAvatars(): Map<string, AvatarAsset> {
  if (!avatarCache) {
    avatarCache = new Map();
    for (const name of PREDEFINED_AVATAR_NAMES) {
      const bytes = readFileSync(path.join(AVATARS_DIR, `${name}.svg`));
      avatarCache.set(`${name}.svg`, {
        name,
        url: predefinedAvatarUrl(name),
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  return avatarCache;
}

/** The predefined avatar whose bytes these are (the client uploads a chosen one as a file, spec §5). */
export function matchPredefinedAvatar(bytes: Buffer): AvatarAsset | undefined {
  const sha = createHash('sha256').update(bytes).digest('hex');
  for (const avatar of predefinedAvatars().values()) if (avatar.sha256 === sha) return avatar;
  return undefined;
}

export const isPredefinedAvatarUrl = (url: string) => [...predefinedAvatars().values()].some((a) => a.url === url);
