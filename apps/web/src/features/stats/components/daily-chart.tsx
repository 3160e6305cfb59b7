import type { StatisticsDay } from '@otklik/contract';
import { lazy, Suspense, useId } from 'react';
import { formatDay, formatNumber } from '../lib/format';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.chart;

/** uPlot (about 20 KB gzip) comes with this screen only: the public pages and the rest of the cabinet never load it. */
const UplotChart = lazy(() => import('./uplot-chart'));

/** Conversations and hand-offs per day of the month, with a one-line summary for screen readers and a glance. */
export function DailyChart({ days }: { days: StatisticsDay[] }) {
  const titleId = useId();
  const busiest = days.reduce<StatisticsDay | undefined>(
    (best, d) => (d.conversations > (best?.conversations ?? 0) ? d : best),
    undefined,
  );
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {T.title}
      </h2>
      {busiest ? (
        <>
          <p className={styles.muted}>{T.summary(formatDay(busiest.date), formatNumber(busiest.conversations))}</p>
          <div className={styles.chart}>
            <Suspense
              fallback={
                <div className={`${styles.shimmer} ${styles.chartStub}`} role="status">
                  <span className="visually-hidden">{T.loading}</span>
                </div>
              }
            >
              <UplotChart days={days} />
            </Suspense>
          </div>
        </>
      ) : (
        <p className={styles.empty}>{T.empty}</p>
      )}
    </section>
  );
}
