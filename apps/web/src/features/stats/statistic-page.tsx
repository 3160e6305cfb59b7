import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { assistantsQuery, downloadCsv, type StatisticsFilters, useMonthStatistics } from './api/statistics-api';
import { DailyChart } from './components/daily-chart';
import { Figures } from './components/figures';
import { Filters } from './components/filters';
import { Hours } from './components/hours';
import { ResultCard } from './components/result-card';
import styles from './components/statistics.module.css';
import { Topics } from './components/topics';
import { Unanswered } from './components/unanswered';
import { formatNumber, recentMonths } from './lib/format';
import { analysisErrorText, messagesErrorText } from './lib/statistics-error';
import { STATS_TEXTS as T } from './ru';

/**
 * /dashboard/statistic (spec §2.14, §7, §8): the month's messages, then their analysis, on
 * opening and on 'Обновить статистику'; the last result stays while a new one is made. Beyond
 * the spec: the assistant and month filters, the month's figures against the month before, the
 * daily chart, busy hours, the unanswered questions with 'Добавить ответ', all topics and the CSV.
 */
export default function StatisticPage() {
  useDocumentTitle(T.title);
  const months = useMemo(() => recentMonths(), []);
  const [filters, setFilters] = useState<StatisticsFilters>({ assistantId: '', month: months[0] ?? '' });
  const assistants = useQuery(assistantsQuery);
  const { messages, analysis, overview, loading, refresh } = useMonthStatistics(filters);
  const exportCsv = useMutation({ mutationFn: () => downloadCsv(filters) });
  // The error of the last run; a new run starts without one.
  const error = loading
    ? null
    : messages.isError
      ? messagesErrorText(messages.error)
      : analysis.isError
        ? analysisErrorText(analysis.error)
        : null;
  const data = overview.data;
  return (
    <div className={styles.page}>
      <PageHeader title={T.title} />
      <div className={styles.toolbar}>
        <Filters value={filters} months={months} assistants={assistants.data} onChange={setFilters} />
        <div className={styles.actions}>
          <Button onClick={() => void refresh()} loading={loading}>
            {loading ? T.loading : T.refresh}
          </Button>
          <Button variant="secondary" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
            {exportCsv.isPending ? T.filters.exporting : T.filters.export}
          </Button>
        </div>
      </div>
      {messages.data ? <p className={styles.count}>{T.messagesCount(formatNumber(messages.data.length))}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {exportCsv.isError ? (
        <p className={styles.error} role="alert">
          {T.filters.exportFailed + errorMessage(exportCsv.error, T.failed)}
        </p>
      ) : null}
      <ResultCard result={analysis.data} loading={loading} />
      {overview.isError && !data ? (
        <p className={styles.error} role="alert">
          {T.overviewFailed + errorMessage(overview.error, T.failed)}
        </p>
      ) : null}
      {data ? (
        <>
          <Figures figures={data.figures} previous={data.previous} stale={overview.isFetching} />
          <div className={styles.twoColumns}>
            <DailyChart days={data.daily} />
            <Hours hours={data.figures.hours} />
          </div>
          <Unanswered items={data.unanswered} showAssistant={!filters.assistantId} />
          <Topics topics={data.topics} />
        </>
      ) : overview.isPending ? (
        <div className={`${styles.card} ${styles.shimmer} ${styles.figuresStub}`} role="status">
          <span className="visually-hidden">{T.analysing}</span>
        </div>
      ) : null}
    </div>
  );
}
