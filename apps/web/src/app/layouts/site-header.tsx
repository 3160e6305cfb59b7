import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '@/shared/api/session';
import { PATHS } from '@/shared/lib/paths';
import { useIsMobile } from '@/shared/lib/use-media-query';
import { ButtonLink } from '@/shared/ui/button';
import { CloseIcon, LogoMark, MenuIcon } from '@/shared/ui/icons';
import { SHELL_TEXTS } from '../ru';
import styles from './site-header.module.css';

const LINKS = [
  { to: PATHS.blog, label: SHELL_TEXTS.blog },
  { to: PATHS.partnership, label: SHELL_TEXTS.partnership },
] as const;

export function Logo() {
  return (
    <Link to={PATHS.home} className={styles.logo} aria-label={SHELL_TEXTS.homeLink}>
      <LogoMark size={30} />
      <span>{SHELL_TEXTS.brand}</span>
    </Link>
  );
}

/** Spec §2.2: a login button when signed out, 'Мой кабинет' when signed in. */
function AccountButton({ fullWidth }: { fullWidth?: boolean }) {
  const { status } = useSession();
  return status === 'signed-in' ? (
    <ButtonLink to={PATHS.assistants} fullWidth={fullWidth}>
      {SHELL_TEXTS.cabinet}
    </ButtonLink>
  ) : (
    <ButtonLink to={PATHS.login} variant="secondary" fullWidth={fullWidth}>
      {SHELL_TEXTS.login}
    </ButtonLink>
  );
}

function NavLinks() {
  return LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
      {link.label}
    </NavLink>
  ));
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();

  // Any navigation closes the menu.
  useEffect(() => {
    void location.key;
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={styles.burger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? SHELL_TEXTS.closeMenu : SHELL_TEXTS.openMenu}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <nav className={styles.mobileNav} aria-label={SHELL_TEXTS.mainNav}>
          <NavLinks />
        </nav>
        <AccountButton fullWidth />
      </div>
    </>
  );
}

export function SiteHeader() {
  const mobile = useIsMobile();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        {mobile ? (
          <MobileMenu />
        ) : (
          <>
            <nav className={styles.nav} aria-label={SHELL_TEXTS.mainNav}>
              <NavLinks />
            </nav>
            <AccountButton />
          </>
        )}
      </div>
    </header>
  );
}
