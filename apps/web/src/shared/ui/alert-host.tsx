import { useLayoutEffect, useRef } from 'react';
import styles from './alert-host.module.css';
import { type AlertType, dismissAlert, useAlerts } from './alert-store';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, WarningIcon } from './icons';
import { UI_TEXTS } from './ru';

const ICONS: Record<AlertType, typeof CheckCircleIcon> = {
  success: CheckCircleIcon,
  error: AlertCircleIcon,
  warning: WarningIcon,
};

/** Where the alerts of spec §2.16/§9 appear: a stack at the top right (top centre on phones). */
export function AlertHost() {
  const alerts = useAlerts();
  const host = useRef<HTMLElement>(null);
  // A modal <dialog> sits in the browser's top layer, above any z-index: an alert raised while
  // one is open (a failed delete in a confirmation, say) would hide behind it. The host is a
  // manual popover, and each new alert re-opens it so it lands on top of the top layer.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (alerts.length > 0) el.showPopover();
  }, [alerts]);
  return (
    <section ref={host} popover="manual" className={styles.host} aria-label={UI_TEXTS.notifications}>
      {alerts.map((alert) => {
        const Icon = ICONS[alert.type];
        return (
          <div
            key={alert.id}
            className={styles.alert}
            data-type={alert.type}
            role={alert.type === 'success' ? 'status' : 'alert'}
          >
            <Icon size={20} className={styles.icon} />
            <p className={styles.message}>{alert.message}</p>
            <button
              type="button"
              className={styles.close}
              onClick={() => dismissAlert(alert.id)}
              aria-label={UI_TEXTS.closeAlert}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </section>
  );
}
