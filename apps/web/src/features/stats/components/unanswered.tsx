import type { UnansweredQuestion } from '@otklik/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type Correction, CorrectionModal } from '@/shared/corrections/correction-modal';
import { assistantChatsPath } from '@/shared/lib/paths';
import { Button } from '@/shared/ui/button';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.unanswered;

const when = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/**
 * 'Вопросы без ответа': what the bot handed off, newest first. 'Добавить ответ' opens the
 * corrected-answer modal with the question filled in; once saved, the overview is read again and
 * the question leaves the list (the server drops wordings the assistant has an answer for).
 */
export function Unanswered({ items, showAssistant }: { items: UnansweredQuestion[]; showAssistant: boolean }) {
  const titleId = useId();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ assistantId: string; correction: Correction } | null>(null);
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 className={styles.cardTitle}>
        <span id={titleId}>{T.title}</span>
        {items.length ? <span className={styles.badge}>{items.length}</span> : null}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{T.empty}</p>
      ) : (
        <>
          <p className={styles.muted}>{T.hint}</p>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={`${item.assistantId}|${item.question}`} className={styles.listItem}>
                <div className={styles.listText}>
                  <p className={styles.question}>{item.question}</p>
                  <p className={styles.meta}>
                    {[
                      showAssistant ? item.assistantName : '',
                      when.format(new Date(item.lastAskedAt)),
                      T.times(item.count),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    {' · '}
                    <Link to={`${assistantChatsPath(item.assistantId)}?visitor=${encodeURIComponent(item.visitorId)}`}>
                      {T.openChat}
                    </Link>
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setEditing({
                      assistantId: item.assistantId,
                      correction: { question: item.question, originalAnswer: '', verdict: 'missing' },
                    })
                  }
                >
                  {T.add}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing ? (
        <CorrectionModal
          assistantId={editing.assistantId}
          correction={editing.correction}
          onClose={() => setEditing(null)}
          onSaved={() => void client.invalidateQueries({ queryKey: ['statistics'] })}
        />
      ) : null}
    </section>
  );
}
