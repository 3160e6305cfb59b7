import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { onSignOut } from '@/shared/api/session';
import { createQueryClient } from './query-client';

/**
 * Server state (TanStack Query) serves the account forms and the cabinet. It sits on a lazy
 * layout route, so the public site's pages never download it (the landing's JavaScript budget
 * is 150 KB gzipped). One client for the whole tab: the cache outlives moves between routes.
 */
const queryClient = createQueryClient();
// Cached data of one account must never show to the next one.
onSignOut(() => queryClient.clear());

export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
