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
