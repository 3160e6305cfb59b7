import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { connectSessionChannel, resetSession } from '@/shared/api/session';
import { clearAlerts } from '@/shared/ui/alert-store';
import type { ApiPeer } from './api-peer';

declare global {
  interface Window {
    happyDOM: { setURL(url: string): void; setViewport(viewport: { width: number; height: number }): void };
  }
}

/**
 * The whole app (real routes, guard, layouts, client) at `path`, as a fresh page load would
 * start it: the session is read again from storage, and the page lives on the peer's origin.
 */
export function renderApp(peer: ApiPeer, path: string) {
  window.happyDOM.setURL(`${peer.origin}${path}`);
  peer.on('GET /api/public/site-config', {
    body: { assistantId: null, supportEmail: 'support@otklik.ru', supportTelegram: 'otklik_support_bot' },
  });
  resetSession();
  resetUnauthorizedHandling();
  clearAlerts();
  // As main.tsx does; a second call keeps the channel already open.
  connectSessionChannel();
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The calls the app made to our API, without the site settings every public page reads. */
export function apiCalls(peer: ApiPeer) {
  return peer.requests.filter((r) => r.path !== '/api/public/site-config');
}
