import type { StatisticsResult } from '@otklik/contract';
import { useId } from 'react';
import { formatLength, formatNumber, formatTopics, orDash } from '../lib/format';
import { STATS_TEXTS as T } from '../ru';
import styles from './statistics.module.css';

/** The six fields of spec §3 "Statistics result", in the order of spec §2.14. */
const rows = (result: StatisticsResult): [label: string, value: string][] => [
  [T.mostPopularQuestion, orDash(result.mostPopularQuestion)],
  [T.hardestQuestion, orDash(result.hardestQuestion)],
  [T.mostEffectivelySolved, orDash(result.mostEffectivelySolved)],
  [T.totalRequests, formatNumber(result.totalRequests)],
  [T.top3Topics, formatTopics(result.top3Topics)],
  [T.averageResponseLength, formatLength(result.averageResponseLength)],
];

/**
 * The block 'Результат анализа': the last result (kept while a new one is on its way), a
 * skeleton before the first, or a short word when there is none.
 */
export function ResultCard({ result, loading }: { result: StatisticsResult | undefined; loading: boolean }) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={loading}>
      <h2 id={titleId} className={styles.cardTitle}>
        {T.result}
      </h2>
      {result ? (
        <dl className={styles.rows} data-stale={loading || undefined}>
          {rows(result).map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : loading ? (
        <ResultSkeleton />
      ) : (
        <p className={styles.empty}>{T.empty}</p>
      )}
    </section>
  );
}

function ResultSkeleton() {
  return (
    <div className={styles.rows} role="status">
      <span className="visually-hidden">{T.analysing}</span>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: six fixed placeholder rows
        <div key={i} className={styles.row} aria-hidden="true">
          <span className={`${styles.shimmer} ${styles.stubLabel}`} />
          <span className={`${styles.shimmer} ${styles.stubValue}`} />
        </div>
      ))}
    </div>
  );
}
