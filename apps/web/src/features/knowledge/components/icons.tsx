import { Icon, type IconProps } from '@/shared/ui/icon';

/** Glyphs only the knowledge tab draws, on the shared Icon base (18 px here by default). */

export const DownloadIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </Icon>
);

export const GlobeIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18Z" />
  </Icon>
);

export const FileTextIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6M9 17h4" />
  </Icon>
);

export const ChatCheckIcon = (p: IconProps) => (
  <Icon size={18} {...p}>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
