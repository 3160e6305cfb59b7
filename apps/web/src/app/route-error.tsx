import { useRouteError } from 'react-router';
import { Button } from '@/shared/ui/button';
import styles from './route-error.module.css';
import { SHELL_TEXTS } from './ru';

/** A page that failed to load or render (e.g. a code chunk gone after a new release). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className={styles.wrap} role="alert">
      <h1 className={styles.title}>{SHELL_TEXTS.errorTitle}</h1>
      <p className={styles.text}>{SHELL_TEXTS.errorText}</p>
      <Button onClick={() => window.location.reload()}>{SHELL_TEXTS.reload}</Button>
    </div>
  );
}

/** What shows while the first page is prepared (session check, page code). */
export function Splash() {
  return (
    <div className={styles.wrap} aria-busy="true">
      <span className="visually-hidden">{SHELL_TEXTS.loading}</span>
    </div>
  );
}
