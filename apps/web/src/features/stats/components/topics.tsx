import type { StatisticsTopic } from '@otklik/contract';
import { useId, useState } from 'react';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.topics;
const FIRST = 10;

/** All the month's groups of similar questions, the largest first, with their size and other wordings. */
export function Topics({ topics }: { topics: StatisticsTopic[] }) {
  const titleId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? topics : topics.slice(0, FIRST);
  const largest = topics[0]?.size ?? 1;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {T.title}
      </h2>
      {topics.length === 0 ? (
        <p className={styles.empty}>{T.empty}</p>
      ) : (
        <ol className={styles.list}>
          {shown.map((t) => (
            <li key={t.name} className={styles.topic}>
              <div className={styles.topicHead}>
                <span className={styles.topicWord}>{t.word}</span>
                <span className={styles.meta}>
                  {T.questions(t.size)}
                  {t.handedOff ? ` · ${T.handedOff(t.handedOff)}` : ''}
                </span>
              </div>
              <span className={styles.topicBar} aria-hidden="true">
                <span style={{ width: `${(t.size / largest) * 100}%` }} />
              </span>
              <p className={styles.question}>{t.name}</p>
              {t.examples.length ? <p className={styles.meta}>{t.examples.map((e) => `«${e}»`).join(', ')}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {!all && topics.length > FIRST ? (
        <button type="button" className={styles.more} onClick={() => setAll(true)}>
          {T.more(topics.length - FIRST)}
        </button>
      ) : null}
    </section>
  );
}
