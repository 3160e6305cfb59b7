import { INTEGRATION_TEXTS } from '@otklik/contract';
import { CheckIcon } from '@/shared/ui/icons';
import { useCopy } from '../lib/use-copy';
import styles from './code-block.module.css';
import { CodeIcon, CopyIcon } from './icons';

/** A snippet with its file or language name and a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { copied, copy } = useCopy(code);
  return (
    <figure className={styles.block}>
      <figcaption className={styles.bar}>
        <span className={styles.label}>
          <CodeIcon size={14} />
          {label}
        </span>
        <button type="button" className={styles.copy} data-copied={copied || undefined} onClick={() => void copy()}>
          {copied ? <CheckIcon size={14} strokeWidth={2} /> : <CopyIcon size={14} />}
          {copied ? INTEGRATION_TEXTS.copiedShort : INTEGRATION_TEXTS.copy}
        </button>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre className={styles.pre} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
