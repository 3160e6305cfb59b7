import { Outlet } from 'react-router';
import { AlertHost } from '@/shared/ui/alert-host';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <AlertHost />
    </>
  );
}
