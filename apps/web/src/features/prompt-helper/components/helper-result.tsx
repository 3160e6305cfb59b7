import { COPY_FEEDBACK_MS, PROMPT_HELPER_TEXTS } from '@otklik/contract/site-constants';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { CheckIcon } from '@/shared/ui/icons';
import styles from '../prompt-helper.module.css';

const stripNumber = (tip: string) => tip.replace(/^\d{1,2}[.)]\s*/, '');

/** The written prompt with a copy button, and the insights as numbered tabs (spec §2.5). */
export function HelperResult({ prompt, insights }: { prompt: string; insights: string[] }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [tab, setTab] = useState(0);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
    } catch (err) {
      // Spec §8: a copy failure is only logged.
      console.error('copy failed', err);
    }
  };

  return (
    <section className={styles.result} aria-labelledby={`${id}-title`}>
      <div className={styles.resultHead}>
        <h2 id={`${id}-title`} className={styles.resultTitle}>
          {PROMPT_HELPER_TEXTS.promptHeading}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          className={copied ? styles.copied : undefined}
          onClick={copy}
          icon={copied ? <CheckIcon size={16} strokeWidth={2.5} /> : null}
        >
          {copied ? PROMPT_HELPER_TEXTS.copied : PROMPT_HELPER_TEXTS.copy}
        </Button>
      </div>
      <pre className={styles.prompt}>{prompt}</pre>
      {insights.length > 0 ? (
        <div className={styles.insights}>
          <h2 className={styles.resultTitle}>{PROMPT_HELPER_TEXTS.insightsHeading}</h2>
          <div role="tablist" aria-label="AI-инсайты" className={styles.tabs}>
            {insights.map((tip, i) => (
              <button
                key={tip}
                type="button"
                role="tab"
                id={`${id}-tab-${i}`}
                aria-selected={tab === i}
                aria-controls={`${id}-panel`}
                tabIndex={tab === i ? 0 : -1}
                className={tab === i ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => setTab(i)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight') setTab((t) => (t + 1) % insights.length);
                  if (e.key === 'ArrowLeft') setTab((t) => (t - 1 + insights.length) % insights.length);
                }}
              >
                {i + 1}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className={styles.tabPanel}>
            {stripNumber(insights[tab] ?? '')}
          </div>
        </div>
      ) : null}
    </section>
  );
}
