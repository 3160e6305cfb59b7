import styles from './quoted-text.module.css';

/** A text shown for reference above a form (the original answer in a correction), under its label. */
export function QuotedText({ label, text }: { label: string; text: string }) {
  return (
    <div className={styles.quote}>
      <p className={styles.label}>{label}</p>
      <p className={styles.text}>{text}</p>
    </div>
  );
}
