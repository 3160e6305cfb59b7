import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { BotIcon, CardIcon, ChartIcon, CloseIcon, HomeIcon, LogoMark, SidebarIcon, UserIcon } from '@/shared/ui/icons';
import { SHELL_TEXTS } from '../ru';
import styles from './sidebar.module.css';

const ITEMS: readonly { to: string; label: string; icon: ReactNode }[] = [
  { to: PATHS.assistants, label: SHELL_TEXTS.assistants, icon: <BotIcon /> },
  { to: PATHS.statistic, label: SHELL_TEXTS.statistic, icon: <ChartIcon /> },
  { to: PATHS.profile, label: SHELL_TEXTS.profile, icon: <UserIcon /> },
];

interface SidebarProps {
  collapsed: boolean;
  /** The first item: collapses/expands on desktop, closes the drawer on phones. */
  onToggle: () => void;
  variant: 'desktop' | 'drawer';
}

/** Spec §2.2: the first item toggles collapse; 'Оплата' is shown disabled, not navigable. */
export function Sidebar({ collapsed, onToggle, variant }: SidebarProps) {
  const toggleLabel =
    variant === 'drawer' ? SHELL_TEXTS.closeMenu : collapsed ? SHELL_TEXTS.expand : SHELL_TEXTS.collapse;
  return (
    <aside className={styles.sidebar} data-collapsed={collapsed} data-variant={variant}>
      <nav className={styles.nav} aria-label={SHELL_TEXTS.sidebarNav}>
        <ul className={styles.list}>
          <li className={styles.top}>
            <button
              type="button"
              className={styles.toggle}
              onClick={onToggle}
              aria-label={toggleLabel}
              aria-expanded={variant === 'desktop' ? !collapsed : true}
              title={toggleLabel}
            >
              {variant === 'drawer' ? <CloseIcon /> : <SidebarIcon />}
            </button>
            <Link to={PATHS.dashboard} className={styles.brand} aria-label={SHELL_TEXTS.cabinet}>
              <LogoMark size={26} />
              <span>{SHELL_TEXTS.brand}</span>
            </Link>
          </li>
          {ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
                title={collapsed ? item.label : undefined}
              >
                {item.icon}
                <span className={styles.label}>{item.label}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <span
              className={`${styles.item} ${styles.disabled}`}
              aria-disabled="true"
              title={`${SHELL_TEXTS.payment} — ${SHELL_TEXTS.soon.toLowerCase()}`}
            >
              <CardIcon />
              <span className={styles.label}>{SHELL_TEXTS.payment}</span>
              <span className={styles.badge}>{SHELL_TEXTS.soon}</span>
            </span>
          </li>
        </ul>
        <Link
          to={PATHS.home}
          className={`${styles.item} ${styles.footerItem}`}
          title={collapsed ? SHELL_TEXTS.toSite : undefined}
        >
          <HomeIcon />
          <span className={styles.label}>{SHELL_TEXTS.toSite}</span>
        </Link>
      </nav>
    </aside>
  );
}
