import '@/shared/ui/tokens.css';
import '@/shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { connectSessionChannel, onSignOut } from '@/shared/api/session';
import { flushPendingAlert } from '@/shared/ui/alert-store';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// Cached data of one account must never show to the next one.
onSignOut(() => queryClient.clear());
connectSessionChannel();
flushPendingAlert();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
