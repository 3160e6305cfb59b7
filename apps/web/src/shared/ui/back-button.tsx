import { useNavigate } from 'react-router';
import styles from './back-button.module.css';
import { ArrowLeftIcon } from './icons';
import { UI_TEXTS } from './ru';

interface BackButtonProps {
  /** Where to go; without it, one step back in history (or `fallback` on a first page). */
  to?: string;
  fallback?: string;
  label?: string;
}

export function BackButton({ to, fallback = '/', label = UI_TEXTS.back }: BackButtonProps) {
  const navigate = useNavigate();
  const onClick = () => {
    if (to) void navigate(to);
    // React Router numbers the history entries it made; 0 means nothing of ours to go back to.
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(fallback);
  };
  return (
    <button type="button" className={styles.back} onClick={onClick}>
      <ArrowLeftIcon size={18} />
      {label}
    </button>
  );
}
