import {
  AssistantList,
  MonthMessageList,
  StatisticsOverview,
  type StatisticsQuery,
  StatisticsResult,
} from '@otklik/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '@/shared/api/client';
import { saveBlob } from '@/shared/lib/download';

/**
 * Both calls of spec §7 run on every page open and on every refresh (spec §2.14): nothing is
 * fresh for long, and a failure is not retried on its own (the analysis is costly; the owner
 * has a button).
 */
const always = { staleTime: 0, retry: false } as const;

/** The screen's filters: an assistant ('' for all) and a month ('ГГГГ-ММ'). */
export interface StatisticsFilters {
  assistantId: string;
  month: string;
}

const query = (f: StatisticsFilters): StatisticsQuery => ({
  month: f.month,
  ...(f.assistantId ? { assistantId: f.assistantId } : {}),
});

/** GET /api/assistant/this-month-messages: the month's messages of the owner's assistants (spec §7). */
export const monthMessagesQuery = queryOptions({
  queryKey: ['statistics', 'month-messages'],
  queryFn: ({ signal }) => api.get('/api/assistant/this-month-messages', { schema: MonthMessageList, signal }),
  ...always,
});

/** POST /api/statistics/analysis: spec §3 "Statistics result" for the filters. */
export const analysisQuery = (f: StatisticsFilters) =>
  queryOptions({
    queryKey: ['statistics', 'analysis', f.assistantId, f.month],
    queryFn: ({ signal }) => api.post('/api/statistics/analysis', query(f), { schema: StatisticsResult, signal }),
    ...always,
  });

/** GET /api/statistics/overview: the month's figures, days, topics and unanswered questions. */
export const overviewQuery = (f: StatisticsFilters) =>
  queryOptions({
    queryKey: ['statistics', 'overview', f.assistantId, f.month],
    queryFn: ({ signal }) =>
      api.get('/api/statistics/overview', { query: query(f), schema: StatisticsOverview, signal }),
    ...always,
  });

/** The owner's assistants, for the filter. */
export const assistantsQuery = queryOptions({
  queryKey: ['statistics', 'assistants'],
  queryFn: ({ signal }) => api.get('/api/assistant', { schema: AssistantList, signal }),
  staleTime: 60_000,
});

/**
 * The two steps of spec §7 in order: the analysis waits while the messages load, runs once they
 * have come and does not run when they fail. The overview loads alongside. Refreshing reads the
 * messages and the overview again; the analysis follows by itself. Each keeps its last data
 * while it runs again.
 */
export function useMonthStatistics(filters: StatisticsFilters) {
  const messages = useQuery(monthMessagesQuery);
  const analysis = useQuery({ ...analysisQuery(filters), enabled: messages.isSuccess && !messages.isFetching });
  const overview = useQuery({ ...overviewQuery(filters), placeholderData: (previous) => previous });
  return {
    messages,
    analysis,
    overview,
    loading: messages.isFetching || analysis.isFetching,
    refresh: () => Promise.all([messages.refetch(), overview.refetch()]),
  };
}

/** GET /api/statistics/export: the month's conversations as CSV, saved under the server's name. */
export async function downloadCsv(f: StatisticsFilters): Promise<void> {
  const params = new URLSearchParams(query(f) as Record<string, string>);
  const { blob } = await apiBlob(`/api/statistics/export?${params}`);
  saveBlob(blob, `statistics-${f.month}.csv`);
}
