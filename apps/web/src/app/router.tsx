import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { navigationGuard } from './navigation-guard';
import { RootLayout } from './root-layout';
import { RouteError, Splash } from './route-error';

/** Each page is its own chunk: the public site never downloads the cabinet's code. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const notFound = page(() => import('@/features/not-found/not-found-page'));
/** TanStack Query for the screens that use server state; the public site's pages go without it. */
const withQuery = page(() => import('./query-layout'));

/** Spec §2.1. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: Splash,
    loader: ({ request }) => navigationGuard(new URL(request.url)),
    // The guard runs before every navigation, not only when the root's data changes.
    shouldRevalidate: () => true,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, lazy: page(() => import('@/features/landing/landing-page')) },
          {
            lazy: withQuery,
            children: [
              { path: 'signup', lazy: page(() => import('@/features/auth/signup-page')) },
              { path: 'login', lazy: page(() => import('@/features/auth/login-page')) },
              { path: 'forgot-password', lazy: page(() => import('@/features/auth/forgot-password-page')) },
              { path: 'reset-password', lazy: page(() => import('@/features/auth/reset-password-page')) },
              { path: 'confirm-email', lazy: page(() => import('@/features/auth/confirm-email-page')) },
              {
                path: 'notification/confirm',
                lazy: page(() => import('@/features/notifications/notification-confirm-page')),
              },
            ],
          },
          { path: 'blog', lazy: page(() => import('@/features/blog/blog-page')) },
          { path: 'blog/knowledge', lazy: page(() => import('@/features/blog/articles/knowledge-article')) },
          { path: 'blog/prompt-guide', lazy: page(() => import('@/features/blog/articles/prompt-guide-article')) },
          { path: 'blog/tg-integration', lazy: page(() => import('@/features/blog/articles/tg-integration-article')) },
          { path: 'partnership', lazy: page(() => import('@/features/partnership/partnership-page')) },
          { path: 'prompt-helper', lazy: page(() => import('@/features/prompt-helper/prompt-helper-page')) },
          { path: '*', lazy: notFound },
        ],
      },
      {
        lazy: withQuery,
        children: [
          {
            lazy: page(() => import('./layouts/dashboard-layout')),
            children: [
              { path: 'dashboard', lazy: page(() => import('@/features/dashboard/welcome-page')) },
              { path: 'dashboard/assistants', lazy: page(() => import('@/features/assistants/assistants-page')) },
              { path: 'dashboard/assistants/:id', lazy: page(() => import('./routes/assistant-edit-route')) },
              { path: 'dashboard/assistants/:id/chats', lazy: page(() => import('@/features/chats/chats-page')) },
              { path: 'dashboard/profile', lazy: page(() => import('@/features/profile/profile-page')) },
              { path: 'dashboard/statistic', lazy: page(() => import('@/features/stats/statistic-page')) },
              { path: 'dashboard/*', lazy: notFound },
              { path: 'assistant/create/design', lazy: page(() => import('@/features/assistants/create-design-page')) },
              { path: 'assistant/create/data', lazy: page(() => import('@/features/assistants/create-data-page')) },
              { path: 'assistant/create/integration', lazy: page(() => import('./routes/create-integration-route')) },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
