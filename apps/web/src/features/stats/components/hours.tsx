import { useId } from 'react';
import { formatNumber } from '../lib/format';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.hours;

/** The visitors' messages by hour of the day (Moscow): 24 bars, the busiest marked. */
export function Hours({ hours }: { hours: number[] }) {
  const titleId = useId();
  const max = Math.max(...hours, 0);
  if (max === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {T.title}
      </h2>
      <p className={styles.muted}>{T.hint}</p>
      <ol className={styles.hours}>
        {hours.map((n, h) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the 24 hours of a day, in order
          <li key={h} className={styles.hour} title={T.hour(h, formatNumber(n))} data-busiest={n === max || undefined}>
            <span className={styles.hourBar} style={{ height: `${Math.max(2, (n / max) * 100)}%` }} />
            <span className={styles.hourLabel} aria-hidden={h % 3 !== 0 || undefined}>
              {h % 3 === 0 ? h : ''}
            </span>
            <span className="visually-hidden">{T.hour(h, formatNumber(n))}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
