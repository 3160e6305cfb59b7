import { INTEGRATION_TEXTS, SNIPPET_COPY_FEEDBACK_MS } from '@otklik/contract';
import { useCallback, useEffect, useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { copyText } from './copy-text';

/** Copy with the feedback of spec §8–9: an alert, and the button shows "copied" for 2 seconds. */
export function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), SNIPPET_COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // A new text (another tab) starts without the feedback of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the text changes
  useEffect(() => setCopied(false), [text]);

  const copy = useCallback(async () => {
    try {
      await copyText(text);
      setCopied(true);
      showAlert(INTEGRATION_TEXTS.copied, 'success');
    } catch (error) {
      console.error(INTEGRATION_TEXTS.copyFailed, error);
      showAlert(INTEGRATION_TEXTS.copyFailed, 'error');
    }
  }, [text]);
  return { copied, copy };
}
