import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { sidebarCollapsedStore } from '@/shared/lib/storage';
import { useIsMobile } from '@/shared/lib/use-media-query';
import { MenuIcon } from '@/shared/ui/icons';
import { Panel } from '@/shared/ui/panel';
import { SHELL_TEXTS } from '../ru';
import styles from './dashboard-layout.module.css';
import { Sidebar } from './sidebar';
import { Logo } from './site-header';

function MobileDashboard() {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const location = useLocation();

  useEffect(() => {
    void location.key;
    setOpen(false);
  }, [location.key]);

  return (
    <div className={styles.mobile}>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.burger}
          aria-label={SHELL_TEXTS.openMenu}
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(true)}
        >
          <MenuIcon size={22} />
        </button>
        <Logo />
      </header>
      <Panel open={open} onClose={() => setOpen(false)} placement="start" label={SHELL_TEXTS.sidebarNav} id={drawerId}>
        <Sidebar collapsed={false} variant="drawer" onToggle={() => setOpen(false)} />
      </Panel>
      <main className={styles.content} id="main">
        <Outlet />
      </main>
    </div>
  );
}

function DesktopDashboard() {
  // Spec §2.2: the collapsed state lives in local storage under 'sidebar-collapsed'.
  const [collapsed, setCollapsed] = useState(() => sidebarCollapsedStore.get() ?? false);
  const toggle = () =>
    setCollapsed((value) => {
      sidebarCollapsedStore.set(!value);
      return !value;
    });
  return (
    <div className={styles.desktop} data-collapsed={collapsed}>
      <div className={styles.rail}>
        <div className={styles.railInner}>
          <Sidebar collapsed={collapsed} variant="desktop" onToggle={toggle} />
        </div>
      </div>
      <main className={styles.content} id="main">
        <Outlet />
      </main>
    </div>
  );
}

/** Spec §2.2: collapsible sidebar plus content; a drawer on windows up to 1000 px. */
export function DashboardLayout() {
  return useIsMobile() ? <MobileDashboard /> : <DesktopDashboard />;
}

export default DashboardLayout;
