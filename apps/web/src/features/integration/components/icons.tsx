import { Icon, type IconProps } from '@/shared/ui/icon';

/** Glyphs only the integration step draws, on the shared Icon base (16 px, 2 px stroke here). */

export const CopyIcon = (p: IconProps) => (
  <Icon size={16} strokeWidth={2} {...p}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
);

export const CodeIcon = (p: IconProps) => (
  <Icon size={16} strokeWidth={2} {...p}>
    <path d="m8 6-6 6 6 6M16 6l6 6-6 6" />
  </Icon>
);

export const ShieldCheckIcon = (p: IconProps) => (
  <Icon size={18} strokeWidth={2} {...p}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

/** A paper plane: the messaging app's mark, drawn as a line like the other glyphs. */
export const PlaneIcon = (p: IconProps) => (
  <Icon size={18} strokeWidth={2} {...p}>
    <path d="M21 4 3 11l6 2.5M21 4l-3.5 16-8.5-6.5M21 4 9 13.5V19l3-3" />
  </Icon>
);

/** A check in a speech bubble: the trainer bot that checks answers. */
export const CheckBubbleIcon = (p: IconProps) => (
  <Icon size={18} strokeWidth={2} {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const ExternalIcon = (p: IconProps) => (
  <Icon size={16} strokeWidth={2} {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);
