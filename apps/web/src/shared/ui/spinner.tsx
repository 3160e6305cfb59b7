import styles from './spinner.module.css';

export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  const circle = <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <span role="status" className={styles.labelled}>
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
