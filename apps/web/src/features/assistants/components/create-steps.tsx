import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './create-steps.module.css';

/** The three steps of spec §2.7, the current one marked. */
export function CreateSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label={T.stepOf(current, T.steps.length)} className={styles.nav}>
      <ol className={styles.steps}>
        {T.steps.map((label, index) => {
          const n = index + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.dot} aria-hidden="true">
                {state === 'done' ? '✓' : n}
              </span>
              <span className={styles.label}>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
