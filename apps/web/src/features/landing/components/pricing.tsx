import { ButtonLink, buttonClassName } from '@/shared/ui/button';
import styles from '../landing.module.css';
import { PRICING, planPath, telegramLink } from '../texts';
import { LandingIcon } from './icons';

function Features({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.planFeatures}>
      {items.map((f) => (
        <li key={f}>
          <LandingIcon name="check" size={18} />
          {f}
        </li>
      ))}
    </ul>
  );
}

/** Spec §9: the three plans; plan buttons start the creation flow, the unlimited one opens Telegram. */
export function Pricing({ telegram }: { telegram: string }) {
  const { unlimited } = PRICING;
  return (
    <section id="pricing" className={`${styles.section} ${styles.tinted}`} aria-labelledby="pricing-title">
      <div className={styles.container}>
        <h2 id="pricing-title" className={styles.sectionTitle}>
          {PRICING.title}
        </h2>
        <p className={styles.sectionLead}>{PRICING.lead}</p>
        <div className={styles.plans}>
          {PRICING.plans.map((plan) => (
            <article
              key={plan.slug}
              className={'popular' in plan ? `${styles.plan} ${styles.planPopular}` : styles.plan}
            >
              {'popular' in plan ? <span className={styles.badge}>{plan.popular}</span> : null}
              <h3 className={styles.planName}>{plan.name}</h3>
              <p className={styles.planHint}>{plan.hint}</p>
              <p className={styles.planPrice}>
                <strong>{plan.price}</strong> {PRICING.perMonth}
              </p>
              <Features items={plan.features} />
              <ButtonLink
                to={planPath(plan.slug)}
                size="lg"
                fullWidth
                className={'popular' in plan ? styles.raised : styles.soft}
              >
                {plan.button}
              </ButtonLink>
            </article>
          ))}
          <article className={styles.plan}>
            <h3 className={styles.planName}>{unlimited.name}</h3>
            <p className={styles.planHint}>{unlimited.hint}</p>
            <p className={styles.planPrice}>
              <strong className={styles.planPriceText}>{unlimited.price}</strong>
            </p>
            <Features items={unlimited.features} />
            <a
              className={buttonClassName({ size: 'lg', fullWidth: true }, styles.soft)}
              href={telegramLink(telegram)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {unlimited.button}
            </a>
          </article>
        </div>
      </div>
    </section>
  );
}
