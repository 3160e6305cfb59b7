import { useId } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { ArrowRightIcon } from '@/shared/ui/icons';
import { NOTIFICATIONS_TEXTS } from '../ru';
import { BellIcon } from './icons';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.events;

/**
 * What the owner is alerted about, how often, and the profile switch above all channels. A plain
 * explanation: the server has no per-event choice yet, so there is nothing to switch here.
 */
export function EventsBlock() {
  const id = useId();
  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <header className={styles.blockHead}>
        <span className={styles.blockIcon}>
          <BellIcon />
        </span>
        <div className={styles.blockText}>
          <h3 id={`${id}-title`} className={styles.blockTitle}>
            {T.title}
          </h3>
        </div>
      </header>

      <ul className={styles.events}>
        {T.items.map((item) => (
          <li key={item} className={styles.event}>
            {item}
          </li>
        ))}
      </ul>

      <div className={styles.notes}>
        <p>{T.throttle}</p>
        <p>{T.master}</p>
      </div>

      <Link to={PATHS.profile} className={styles.guide}>
        {T.profile}
        <ArrowRightIcon size={16} strokeWidth={2} />
      </Link>
    </section>
  );
}
