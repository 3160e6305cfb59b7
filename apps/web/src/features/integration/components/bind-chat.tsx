import { INTEGRATION_TEXTS } from '@otklik/contract';
import { buttonClassName } from '@/shared/ui/button';
import { CheckIcon } from '@/shared/ui/icons';
import { useCopy } from '../lib/use-copy';
import { TELEGRAM_UI_TEXTS as T } from '../ru';
import { CopyIcon, ExternalIcon } from './icons';
import styles from './telegram.module.css';

const COPY_TEXTS = { copied: T.linkCopied, failed: T.copyFailed };

/** The trainer bot's one-time link: opened in Telegram, Start binds that chat as the trainer's. */
export function BindChat({ link }: { link: string }) {
  const { copied, copy } = useCopy(link, COPY_TEXTS);
  return (
    <div className={styles.bind}>
      <p>{T.bindHelp}</p>
      <div className={styles.bindActions}>
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ size: 'sm' }, styles.bindButton)}
        >
          <ExternalIcon size={14} />
          {T.bind}
          <span className="visually-hidden"> {T.opensInNewTab}</span>
        </a>
        <button
          type="button"
          className={buttonClassName({ variant: 'secondary', size: 'sm' }, styles.bindButton)}
          onClick={() => void copy()}
        >
          {copied ? <CheckIcon size={14} strokeWidth={2} /> : <CopyIcon size={14} />}
          {copied ? INTEGRATION_TEXTS.copiedShort : T.copyLink}
        </button>
      </div>
    </div>
  );
}
