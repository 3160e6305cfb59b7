import { Outlet } from 'react-router';
import { useSiteWidget } from '@/shared/lib/site-widget';
import styles from './public-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Spec §2.2: header, content, footer; the product's own chat widget on its pages (§1). */
export function PublicLayout() {
  useSiteWidget();
  return (
    <div className={styles.layout}>
      <SiteHeader />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
