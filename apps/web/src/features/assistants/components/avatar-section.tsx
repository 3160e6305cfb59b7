import { AVATAR_ACCEPT } from '@otklik/contract';
import { useRef, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { avatarUrl, pickAvatars } from '../lib/avatars';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './design-form.module.css';
import { RerollIcon } from './icons';

export type AvatarBusy = 'pick' | 'upload' | 'remove' | null;

interface Props {
  logoUrl: string | null;
  botName: string;
  busy: AvatarBusy;
  onPick: (url: string) => void;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/** Spec §2.9: 3 random avatars of 11 with a reroll, an upload of one's own, and removal. */
export function AvatarSection({ logoUrl, botName, busy, onPick, onUpload, onRemove }: Props) {
  const [shown, setShown] = useState(() => pickAvatars());
  const fileInput = useRef<HTMLInputElement>(null);
  const initial = (botName.trim()[0] ?? '•').toUpperCase();

  return (
    <div className={styles.avatarRow}>
      <div className={styles.avatarCurrent} aria-busy={busy !== null || undefined}>
        {logoUrl ? (
          <img src={logoUrl} alt={T.currentAvatar} className={styles.avatarImage} />
        ) : (
          <span className={styles.avatarLetter} title={T.noAvatar}>
            {initial}
          </span>
        )}
        {busy ? (
          <span className={styles.avatarBusy}>
            <Spinner size={18} />
          </span>
        ) : null}
      </div>
      <div className={styles.avatarControls}>
        <div className={styles.avatarChoices}>
          {shown.map((n) => {
            const url = avatarUrl(n);
            return (
              <button
                key={n}
                type="button"
                className={styles.avatarChoice}
                aria-label={T.avatarOption(n)}
                disabled={busy !== null}
                onClick={() => onPick(url)}
              >
                <img src={url} alt="" />
              </button>
            );
          })}
          <button
            type="button"
            className={styles.reroll}
            aria-label={T.rerollAvatars}
            title={T.rerollAvatars}
            disabled={busy !== null}
            onClick={() => setShown((prev) => pickAvatars(prev))}
          >
            <RerollIcon />
          </button>
        </div>
        <div className={styles.avatarActions}>
          <Button variant="secondary" size="sm" loading={busy === 'upload'} onClick={() => fileInput.current?.click()}>
            {T.uploadAvatar}
          </Button>
          {logoUrl ? (
            <Button variant="ghost" size="sm" loading={busy === 'remove'} onClick={onRemove}>
              {T.removeAvatar}
            </Button>
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onUpload(file);
            }}
          />
        </div>
        <p className={styles.hint}>{logoUrl ? T.avatarHint : T.noAvatar}</p>
      </div>
    </div>
  );
}
