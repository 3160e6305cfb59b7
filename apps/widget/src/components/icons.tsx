/** @jsxImportSource preact */
import { CHAT_PATH, CHEVRON_DOWN_PATH, LAUNCHER_ICON_SIZE } from '../launcher-icons';

// 24×24 stroke icons, drawn inline so the widget needs no icon requests.
const Icon = ({ d, size = 22 }: { d: string; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

export const ChatIcon = () => <Icon size={LAUNCHER_ICON_SIZE} d={CHAT_PATH} />;
export const ChevronDownIcon = () => <Icon size={LAUNCHER_ICON_SIZE} d={CHEVRON_DOWN_PATH} />;
export const CloseIcon = () => <Icon d="M18 6 6 18M6 6l12 12" />;
export const SendIcon = () => <Icon size={20} d="M12 19V5m-6 6 6-6 6 6" />;
export const SmileIcon = () => (
  <Icon d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />
);
export const ClipIcon = () => (
  <Icon d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
);
export const PhoneIcon = () => (
  <Icon
    size={18}
    d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.9.6 2.8.7a2 2 0 0 1 1.7 2z"
  />
);
