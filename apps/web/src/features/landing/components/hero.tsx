import { ButtonLink, buttonClassName } from '@/shared/ui/button';
import styles from '../landing.module.css';
import { HERO, TRIAL_PATH } from '../texts';
import { WidgetDemo } from './widget-demo';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`${styles.container} ${styles.heroGrid}`}>
        <div className={styles.heroCopy}>
          <p className={styles.eyebrow}>{HERO.eyebrow}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {HERO.title}
          </h1>
          <p className={styles.heroLead}>{HERO.lead}</p>
          <div className={styles.actions}>
            <ButtonLink to={TRIAL_PATH} size="lg" className={styles.raised}>
              {HERO.cta}
            </ButtonLink>
            {/* An in-page anchor, not a route: the router would scroll to the top. */}
            <a href="#pricing" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              {HERO.secondary}
            </a>
          </div>
          <ul className={styles.heroNote}>
            {HERO.note.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
        <div className={styles.heroDemo}>
          <WidgetDemo />
        </div>
      </div>
    </section>
  );
}
