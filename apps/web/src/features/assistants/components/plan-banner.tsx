import { useSearchParams } from 'react-router';
import { ASSISTANT_TEXTS as T } from '../ru';
import { GiftIcon } from './icons';
import styles from './page.module.css';

/**
 * Spec §2.1, §2.3: the creation flow opened from a trial button (trial=14days) or a plan button
 * (fromPrising=basic|advanced) says so.
 */
export function PlanBanner() {
  const [params] = useSearchParams();
  const plan = params.get('fromPrising');
  const planName = plan ? T.plans[plan] : undefined;
  const text = planName ? T.planBanner(planName) : params.get('trial') === '14days' ? T.trialBanner : null;
  if (!text) return null;
  return (
    <p className={styles.banner} data-testid="plan-banner">
      <GiftIcon />
      <span>{text}</span>
    </p>
  );
}
