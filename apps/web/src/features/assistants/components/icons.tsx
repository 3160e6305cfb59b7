import { Icon, type IconProps } from '@/shared/ui/icon';

/** Glyphs only the assistant screens draw, on the shared Icon base. */

/** Two arrows in a circle: draw other avatars. */
export const RerollIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
    <path d="M20 20v-4h-4" />
  </Icon>
);

export const GiftIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v7.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V12M12 8v13" />
    <path d="M12 8S10.5 3.5 8 3.5a2.25 2.25 0 0 0 0 4.5h4Zm0 0s1.5-4.5 4-4.5a2.25 2.25 0 0 1 0 4.5h-4Z" />
  </Icon>
);
