import { PREDEFINED_AVATAR_COUNT, predefinedAvatarUrl } from '@otklik/contract';

/** Spec §2.9 and §9: 11 predefined avatars (avatar1 to avatar11), three shown at a time. */
export const AVATAR_COUNT = PREDEFINED_AVATAR_COUNT;
export const AVATARS_SHOWN = 3;

export const avatarUrl = (n: number) => predefinedAvatarUrl(`avatar${n}`);

/**
 * Three different avatar numbers at random; with `previous`, a reroll shows as many new faces as
 * possible (11 avatars leave 8 that were not on screen).
 */
export function pickAvatars(previous: readonly number[] = [], random: () => number = Math.random): number[] {
  const all = Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1);
  const fresh = all.filter((n) => !previous.includes(n));
  const pool = fresh.length >= AVATARS_SHOWN ? fresh : all;
  // Fisher–Yates on a copy; three draws are all we need.
  const bag = [...pool];
  for (let i = 0; i < AVATARS_SHOWN; i++) {
    const j = i + Math.floor(random() * (bag.length - i));
    [bag[i], bag[j]] = [bag[j] as number, bag[i] as number];
  }
  return bag.slice(0, AVATARS_SHOWN);
}

/** Spec §4: after an upload the client appends a timestamp query to the returned uri. */
export function withTimestamp(uri: string, now = Date.now()): string {
  return `${uri}${uri.includes('?') ? '&' : '?'}t=${now}`;
}
