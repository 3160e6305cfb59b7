import { MonthMessageList, type StatisticsRequest, StatisticsResult } from '@otklik/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/**
 * Both calls run on every page open and on every refresh (spec §2.14): nothing is fresh for
 * long, and a failure is not retried on its own (the analysis is costly; the owner has a button).
 */
const always = { staleTime: 0, retry: false } as const;

/** GET /api/assistant/this-month-messages: the month's messages of the owner's assistants (spec §7). */
export const monthMessagesQuery = queryOptions({
  queryKey: ['statistics', 'month-messages'],
  queryFn: ({ signal }) => api.get('/api/assistant/this-month-messages', { schema: MonthMessageList, signal }),
  ...always,
});

/** POST /api/statistics/analysis with {} (all of the owner's assistants): spec §3 "Statistics result". */
export const analysisQuery = queryOptions({
  queryKey: ['statistics', 'analysis'],
  queryFn: ({ signal }) =>
    api.post('/api/statistics/analysis', {} satisfies StatisticsRequest, { schema: StatisticsResult, signal }),
  ...always,
});

/**
 * The two steps of spec §7 in order: the analysis waits while the messages load, runs once they
 * have come and does not run when they fail. Refreshing is reading the messages again; the
 * analysis follows by itself. Each keeps its last data while it runs again.
 */
export function useMonthStatistics() {
  const messages = useQuery(monthMessagesQuery);
  const analysis = useQuery({ ...analysisQuery, enabled: messages.isSuccess && !messages.isFetching });
  return {
    messages,
    analysis,
    loading: messages.isFetching || analysis.isFetching,
    refresh: () => messages.refetch(),
  };
}
