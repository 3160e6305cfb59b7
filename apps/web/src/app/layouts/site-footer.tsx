import { Link } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { useSiteConfig } from '@/shared/lib/site-config';
import { SHELL_TEXTS } from '../ru';
import styles from './site-footer.module.css';
import { Logo } from './site-header';

/** Spec §2.2: home link, support bot (new tab), support e-mail, Telegram handle, copyright. */
export function SiteFooter() {
  const { supportEmail, supportTelegram } = useSiteConfig();
  const botUrl = `https://t.me/${supportTelegram}`;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{SHELL_TEXTS.footerTagline}</p>
        </div>
        <nav className={styles.column} aria-label={SHELL_TEXTS.footerProduct}>
          <h2 className={styles.heading}>{SHELL_TEXTS.footerProduct}</h2>
          <Link to={PATHS.home}>{SHELL_TEXTS.home}</Link>
          <Link to={PATHS.blog}>{SHELL_TEXTS.blog}</Link>
          <Link to={PATHS.partnership}>{SHELL_TEXTS.partnership}</Link>
          <Link to={PATHS.promptHelper}>{SHELL_TEXTS.promptHelper}</Link>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>{SHELL_TEXTS.footerSupport}</h2>
          <a href={botUrl} target="_blank" rel="noopener noreferrer">
            {SHELL_TEXTS.supportBot}
          </a>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          <a href={botUrl} target="_blank" rel="noopener noreferrer">
            @{supportTelegram}
          </a>
        </div>
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {SHELL_TEXTS.brand}. {SHELL_TEXTS.rights}
        </p>
      </div>
    </footer>
  );
}
