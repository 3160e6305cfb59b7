import { type KnowledgeFileItem, SCRAPE_TEXTS } from '@otklik/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Modal, ModalForm } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { TextInput } from '@/shared/ui/text-input';
import { useScrapeSite } from '../api/files-api';
import { DEFAULT_URL_PREFIX, forceUrlPrefix, urlWithoutPrefix } from '../lib/site-url';
import { KNOWLEDGE_TEXTS } from '../ru';
import styles from './knowledge.module.css';

const T = KNOWLEDGE_TEXTS.scrape;

interface ScrapeModalProps {
  assistantId: string;
  open: boolean;
  /** The site file whose pages are being collected now, if any. */
  crawling?: KnowledgeFileItem;
  onStarted: (file: KnowledgeFileItem) => void;
  onClose: () => void;
}

const SPEC_TEXTS: readonly string[] = [
  SCRAPE_TEXTS.urlRequired,
  SCRAPE_TEXTS.badRequest,
  SCRAPE_TEXTS.unauthorized,
  SCRAPE_TEXTS.serverError,
];

/** Spec §8: the text for a failed scrape, by the reply status. */
export function scrapeErrorText(error: unknown): string {
  if (!isApiError(error)) return SCRAPE_TEXTS.other(0);
  // The server already answers with the spec's texts; a reply without one is mapped by its status.
  if (SPEC_TEXTS.includes(error.message) || /^Ошибка: \d+\. Проверьте доступность сайта\.$/.test(error.message))
    return error.message;
  if (error.status === 0) return error.message;
  if (error.status === 400) return SCRAPE_TEXTS.badRequest;
  if (error.status === 401 || error.status === 403) return SCRAPE_TEXTS.unauthorized;
  if (error.status === 500) return SCRAPE_TEXTS.serverError;
  return SCRAPE_TEXTS.other(error.status);
}

export function ScrapeModal(props: ScrapeModalProps) {
  return props.open ? <ScrapeDialog {...props} /> : null;
}

/** Spec §2.10, §5: a site by its address; the start page is checked at once, the rest collected after. */
function ScrapeDialog({ assistantId, crawling, onStarted, onClose }: ScrapeModalProps) {
  const scrape = useScrapeSite(assistantId);
  const [url, setUrl] = useState(DEFAULT_URL_PREFIX);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!urlWithoutPrefix(url)) {
      setError(T.urlRequired);
      return;
    }
    setError(undefined);
    scrape.mutate(url.trim(), {
      onSuccess: ({ file }) => onStarted(file),
      onError: (failure) => setError(scrapeErrorText(failure)),
    });
  };

  const busy = scrape.isPending || crawling !== undefined;

  return (
    <Modal
      open
      onClose={onClose}
      title={T.title}
      footer={
        busy ? (
          <Button variant="secondary" onClick={onClose}>
            {T.close}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" form="knowledge-scrape">
              {T.submit}
            </Button>
          </>
        )
      }
    >
      {busy ? (
        <ScrapeProgress step={crawling ? 2 : 1} address={crawling?.sourceUrl ?? url} />
      ) : (
        <ModalForm id="knowledge-scrape" onSubmit={submit}>
          <TextInput
            label={T.url}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={url}
            error={error}
            hint={T.urlHint}
            onChange={(event) => {
              setUrl(forceUrlPrefix(event.target.value));
              if (error) setError(undefined);
            }}
          />
        </ModalForm>
      )}
    </Modal>
  );
}

function ScrapeProgress({ step, address }: { step: 1 | 2; address: string }) {
  return (
    <div className={styles.progress} role="status" aria-live="polite">
      <p className={styles.progressUrl}>{address}</p>
      <div className={styles.progressBar} aria-hidden="true">
        <span data-step={step} />
      </div>
      <ol className={styles.steps}>
        <li data-state={step === 1 ? 'active' : 'done'}>
          {step === 1 ? <Spinner size={14} /> : <span className={styles.stepDone} aria-hidden="true" />}
          {T.fetching}
        </li>
        <li data-state={step === 2 ? 'active' : 'waiting'}>
          {step === 2 ? <Spinner size={14} /> : <span className={styles.stepWaiting} aria-hidden="true" />}
          {T.crawling}
        </li>
      </ol>
    </div>
  );
}
