import { useSearchParams } from 'react-router';
import { ASSISTANT_TEXTS as T } from '../ru';
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

function GiftIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v7.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V12M12 8v13" />
      <path
        d="M12 8S10.5 3.5 8 3.5a2.25 2.25 0 0 0 0 4.5h4Zm0 0s1.5-4.5 4-4.5a2.25 2.25 0 0 1 0 4.5h-4Z"
        strokeLinejoin="round"
      />
    </svg>
  );
}
