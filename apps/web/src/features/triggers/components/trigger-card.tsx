import { TRIGGER_ACTION_EFFECTS, type Trigger } from '@otklik/contract';
import { IconButton } from '@/shared/ui/icon-button';
import { PencilIcon, TrashIcon } from '@/shared/ui/icons';
import { ACTION_LABELS, TRIGGERS_TEXTS as T } from '../ru';
import { BoltIcon, ReplyIcon } from './icons';
import styles from './triggers.module.css';

interface TriggerCardProps {
  trigger: Trigger;
  onEdit: () => void;
  onDelete: () => void;
}

/** One trigger in the list: its name, what it does, its stop-words and its answer. */
export function TriggerCard({ trigger, onEdit, onDelete }: TriggerCardProps) {
  const effects = TRIGGER_ACTION_EFFECTS[trigger.action];
  const name = trigger.name.trim() || T.untitled;
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <span className={styles.cardIcon} data-stop={effects.stop}>
          <BoltIcon size={18} />
        </span>
        <div className={styles.cardTitle}>
          <p className={styles.cardName} data-untitled={!trigger.name.trim()}>
            {name}
          </p>
          <p className={styles.action} data-stop={effects.stop}>
            {ACTION_LABELS[trigger.action]}
          </p>
        </div>
        <div className={styles.cardActions}>
          <IconButton onClick={onEdit} label={`${T.edit}: ${name}`} title={T.edit}>
            <PencilIcon size={18} />
          </IconButton>
          <IconButton tone="danger" onClick={onDelete} label={`${T.delete}: ${name}`} title={T.delete}>
            <TrashIcon size={18} />
          </IconButton>
        </div>
      </div>
      <ul className={styles.words} aria-label={`${T.stopWordsLabel}: ${name}`}>
        {trigger.stopWords.map((word) => (
          <li key={word}>{word}</li>
        ))}
      </ul>
      {effects.customAnswer && trigger.customAnswer ? (
        <div className={styles.answer}>
          <ReplyIcon size={16} />
          <p>
            <span className={styles.visuallyHidden}>{T.customAnswerLabel}: </span>
            {trigger.customAnswer}
          </p>
        </div>
      ) : null}
    </li>
  );
}
