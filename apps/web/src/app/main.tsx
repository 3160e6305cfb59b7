import '@/shared/ui/tokens.css';
import '@/shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { connectSessionChannel } from '@/shared/api/session';
import { flushPendingAlert } from '@/shared/ui/alert-store';
import { createAppRouter } from './router';

// The server's Content-Security-Policy allows no eval: zod would otherwise probe `new Function`
// (its JIT for object schemas) on the first reply it checks, which the browser reports as a violation.
z.config({ jitless: true });

connectSessionChannel();
flushPendingAlert();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

createRoot(root).render(
  <StrictMode>
    {/* Server state (TanStack Query) is provided by a lazy layout route: see query-layout.tsx. */}
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
