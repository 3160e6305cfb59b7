import { Link } from 'react-router';
import { ButtonLink, buttonClassName } from '@/shared/ui/button';
import styles from '../landing.module.css';
import { ADVANTAGES, AI_FEATURES, HOW_IT_WORKS, TAGLINE, TRIAL_PATH, TURNKEY, telegramLink } from '../texts';
import { type IconName, LandingIcon } from './icons';

export function Tagline() {
  return (
    <section className={styles.tagline} aria-labelledby="tagline-title">
      <div className={`${styles.container} ${styles.taglineInner}`}>
        <div>
          <h2 id="tagline-title" className={styles.taglineTitle}>
            {TAGLINE.title}
          </h2>
          <p className={styles.taglineText}>{TAGLINE.text}</p>
        </div>
        <div className={styles.taglineActions}>
          <ButtonLink to={TRIAL_PATH} size="lg" variant="secondary" className={styles.onDark}>
            {TAGLINE.primary}
          </ButtonLink>
          <ButtonLink to={TRIAL_PATH} size="lg" variant="ghost" className={styles.onDarkOutline}>
            {TAGLINE.secondary}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

const STEP_ICONS: IconName[] = ['palette', 'book', 'code', 'eye'];

export function HowItWorks() {
  return (
    <section className={styles.section} aria-labelledby="how-title">
      <div className={styles.container}>
        <h2 id="how-title" className={styles.sectionTitle}>
          {HOW_IT_WORKS.title}
        </h2>
        <p className={styles.sectionLead}>{HOW_IT_WORKS.lead}</p>
        <ol className={styles.steps}>
          {HOW_IT_WORKS.steps.map((step, i) => (
            <li key={step.title} className={styles.stepCard}>
              <span className={styles.stepIcon}>
                <LandingIcon name={STEP_ICONS[i] ?? 'check'} />
              </span>
              <span className={styles.stepNumber}>Шаг {i + 1}</span>
              <h3 className={styles.cardTitle}>{step.title}</h3>
              <p className={styles.cardText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function Advantages() {
  return (
    <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="adv-title">
      <div className={styles.container}>
        <h2 id="adv-title" className={styles.sectionTitle}>
          {ADVANTAGES.title}
        </h2>
        <ul className={styles.advantages}>
          {ADVANTAGES.items.map((item) => (
            <li key={item.title} className={styles.advantage}>
              <span className={styles.advantageValue}>{item.value}</span>
              <h3 className={styles.cardTitle}>{item.title}</h3>
              <p className={styles.cardText}>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const FEATURE_ICONS: IconName[] = ['spark', 'bell', 'chart'];

export function AiFeatures() {
  return (
    <section className={styles.section} aria-labelledby="ai-title">
      <div className={styles.container}>
        <h2 id="ai-title" className={styles.sectionTitle}>
          {AI_FEATURES.title}
        </h2>
        <ul className={styles.features}>
          {AI_FEATURES.items.map((item, i) => (
            <li key={item.title} className={i === 0 ? `${styles.feature} ${styles.featureMain}` : styles.feature}>
              <span className={styles.stepIcon}>
                <LandingIcon name={FEATURE_ICONS[i] ?? 'spark'} />
              </span>
              <h3 className={styles.cardTitle}>{item.title}</h3>
              <p className={styles.cardText}>{item.text}</p>
              {'link' in item ? (
                <Link to="/prompt-helper" className={styles.featureLink}>
                  {item.link} →
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Turnkey({ telegram }: { telegram: string }) {
  return (
    <section className={styles.section} aria-labelledby="turnkey-title">
      <div className={styles.container}>
        <div className={styles.turnkey}>
          <div>
            <h2 id="turnkey-title" className={styles.sectionTitle}>
              {TURNKEY.title}
            </h2>
            <p className={styles.turnkeyText}>{TURNKEY.text}</p>
            <ul className={styles.checks}>
              {TURNKEY.points.map((p) => (
                <li key={p}>
                  <LandingIcon name="check" size={20} />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <a
            className={buttonClassName({ size: 'lg' }, styles.raised)}
            href={telegramLink(telegram)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <LandingIcon name="send" size={20} />
            {TURNKEY.button}
          </a>
        </div>
      </div>
    </section>
  );
}
