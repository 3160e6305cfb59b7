import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { useMonthStatistics } from './api/statistics-api';
import { ResultCard } from './components/result-card';
import styles from './components/statistics.module.css';
import { formatNumber } from './lib/format';
import { analysisErrorText, messagesErrorText } from './lib/statistics-error';
import { STATS_TEXTS as T } from './ru';

/**
 * /dashboard/statistic (spec §2.14, §7, §8): the month's messages, then their analysis, on
 * opening and on 'Обновить статистику'. The last result stays while a new one is made.
 */
export default function StatisticPage() {
  useDocumentTitle(T.title);
  const { messages, analysis, loading, refresh } = useMonthStatistics();
  // The error of the last run; a new run starts without one.
  const error = loading
    ? null
    : messages.isError
      ? messagesErrorText(messages.error)
      : analysis.isError
        ? analysisErrorText(analysis.error)
        : null;
  return (
    <div className={styles.page}>
      <PageHeader title={T.title} />
      <div className={styles.toolbar}>
        <Button onClick={() => void refresh()} loading={loading}>
          {loading ? T.loading : T.refresh}
        </Button>
        {messages.data ? <p className={styles.count}>{T.messagesCount(formatNumber(messages.data.length))}</p> : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <ResultCard result={analysis.data} loading={loading} />
    </div>
  );
}
