/** @jsxImportSource preact */
import { TEXTS } from '../texts';
import { Avatar } from './avatar';
import { CloseIcon } from './icons';

interface Props {
  botName: string;
  botRole: string;
  avatarUrl: string | null;
  patternUrl: string | null;
  patternOpacity: number;
  patternScale: number;
  titleId: string;
  onClose: () => void;
}

export function Header(p: Props) {
  const scale = Math.min(2, Math.max(0.5, p.patternScale || 1));
  return (
    <header class="head">
      {p.patternUrl && (
        // The tile is scaled with a transform so its natural size never has to be measured.
        <div
          class="pattern"
          data-testid="pattern"
          aria-hidden="true"
          style={{
            backgroundImage: `url("${p.patternUrl}")`,
            opacity: Math.min(1, Math.max(0, p.patternOpacity)),
            width: `${100 / scale}%`,
            height: `${100 / scale}%`,
            transform: `scale(${scale})`,
          }}
        />
      )}
      <div class="head-avatar">
        <Avatar key={p.avatarUrl} url={p.avatarUrl} name={p.botName} size="lg" />
        <span class="online-dot" aria-hidden="true" />
      </div>
      <div class="titles">
        <h2 class="bot-name" id={p.titleId}>
          {p.botName}
        </h2>
        <p class="bot-role">{p.botRole || TEXTS.online}</p>
      </div>
      <button type="button" class="icon-btn close" aria-label={TEXTS.closeChat} onClick={p.onClose}>
        <CloseIcon />
      </button>
    </header>
  );
}
