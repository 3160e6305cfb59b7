/** @jsxImportSource preact */
import type { Ref } from 'preact';
import { TEXTS } from '../texts';
import { ChatIcon, ChevronDownIcon } from './icons';

interface Props {
  open: boolean;
  unread: number;
  windowId: string;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

export function Launcher({ open, unread, windowId, onToggle, buttonRef }: Props) {
  return (
    <button
      type="button"
      ref={buttonRef}
      class={`launcher${open ? ' is-open' : ''}`}
      aria-label={open ? TEXTS.closeChat : TEXTS.openChat}
      aria-expanded={open}
      aria-controls={windowId}
      onClick={onToggle}
    >
      <span class="launcher-icon icon-chat">
        <ChatIcon />
      </span>
      <span class="launcher-icon icon-close">
        <ChevronDownIcon />
      </span>
      {!open && unread > 0 && (
        <span class="badge" role="status" aria-label={TEXTS.unread(unread)}>
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </button>
  );
}
