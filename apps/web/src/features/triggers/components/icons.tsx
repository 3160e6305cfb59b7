import { Icon, type IconProps } from '@/shared/ui/icon';

/** Glyphs only the triggers tab draws, on the shared Icon base (18 px here by default). */

/** A lightning bolt: something fires. */
export const BoltIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
  </Icon>
);

export const XSmallIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M7 7l10 10M17 7 7 17" />
  </Icon>
);

export const ReplyIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 6 6v5" />
  </Icon>
);
