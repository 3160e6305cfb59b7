import { type AssistantListItem, derivedTextColor } from '@otklik/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { assistantChatsPath, assistantPath, PATHS } from '@/shared/lib/paths';
import { ButtonLink } from '@/shared/ui/button';
import { PlusIcon } from '@/shared/ui/icons';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './assistant-card.module.css';

/** Spec §2.8: accent colour, avatar, assistant name and bot name; 'Беседы' and 'Редактировать'. */
export function AssistantCard({ assistant }: { assistant: AssistantListItem }) {
  const { accentColor, avatarUrl, botName } = assistant.widget;
  const name = assistant.name.trim() || T.untitled;
  return (
    <li className={styles.card} aria-label={name}>
      <div className={styles.band} style={{ background: accentColor }} aria-hidden="true" />
      <div className={styles.body}>
        <CardAvatar url={avatarUrl} name={botName} accent={accentColor} />
        <h2 className={styles.name}>
          <Link to={assistantPath(assistant.id)} className={styles.nameLink}>
            {name}
          </Link>
        </h2>
        <p className={styles.bot}>
          <span className={styles.botLabel}>{T.botLabel}:</span> {botName}
        </p>
      </div>
      <div className={styles.actions}>
        <ButtonLink to={assistantChatsPath(assistant.id)} variant="secondary" size="sm">
          {T.chats}
        </ButtonLink>
        <ButtonLink to={assistantPath(assistant.id)} variant="primary" size="sm">
          {T.edit}
        </ButtonLink>
      </div>
    </li>
  );
}

function CardAvatar({ url, name, accent }: { url: string | null; name: string; accent: string }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return <img className={styles.avatar} src={url} alt="" onError={() => setBroken(true)} />;
  }
  return (
    <span
      className={`${styles.avatar} ${styles.letter}`}
      style={{ background: accent, color: derivedTextColor(accent) }}
      aria-hidden="true"
    >
      {(name.trim()[0] ?? '•').toUpperCase()}
    </span>
  );
}

/** The creation entry of the list (spec §2.8). */
export function NewAssistantCard() {
  return (
    <li className={styles.newCard}>
      <Link to={PATHS.createDesign} className={styles.newLink}>
        <span className={styles.plus} aria-hidden="true">
          <PlusIcon size={24} />
        </span>
        <span className={styles.newTitle}>{T.newCardTitle}</span>
        <span className={styles.newText}>{T.newCardText}</span>
      </Link>
    </li>
  );
}

export function AssistantCardSkeleton() {
  return (
    <li className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <div className={styles.band} />
      <div className={styles.body}>
        <span className={`${styles.avatar} ${styles.shimmer}`} />
        <span className={`${styles.line} ${styles.shimmer}`} />
        <span className={`${styles.lineShort} ${styles.shimmer}`} />
      </div>
      <div className={styles.actions}>
        <span className={`${styles.buttonStub} ${styles.shimmer}`} />
        <span className={`${styles.buttonStub} ${styles.shimmer}`} />
      </div>
    </li>
  );
}
