import { Icon, type IconProps } from '@/shared/ui/icon';

/** A paper plane: the messaging app's mark, drawn as a line like the other glyphs (16–18 px, 2 px stroke). */
export const PlaneIcon = (p: IconProps) => (
  <Icon size={18} strokeWidth={2} {...p}>
    <path d="M21 4 3 11l6 2.5M21 4l-3.5 16-8.5-6.5M21 4 9 13.5V19l3-3" />
  </Icon>
);

/** A bell: what the owner is alerted about. */
export const BellIcon = (p: IconProps) => (
  <Icon size={18} strokeWidth={2} {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </Icon>
);
