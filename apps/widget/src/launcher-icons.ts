/** The launcher's two icons, shared by the component (components/icons.tsx) and the embed script's first frame (boot.ts). */
export const LAUNCHER_ICON_SIZE = 28;
export const CHAT_PATH =
  'M21 11.5a8.4 8.4 0 0 1-9 8.4 9.3 9.3 0 0 1-3.9-.9L3 20.5l1.5-4.4A8 8 0 0 1 3 11.5 8.6 8.6 0 0 1 12 3a8.6 8.6 0 0 1 9 8.5z';
export const CHEVRON_DOWN_PATH = 'm6 9 6 6 6-6';
