import { INTEGRATION_TEXTS, SNIPPET_COPY_FEEDBACK_MS } from '@otklik/contract';
import { useCallback, useEffect, useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { copyText } from './copy-text';

interface CopyTexts {
  copied: string;
  failed: string;
}

const SNIPPET_COPY_TEXTS: CopyTexts = { copied: INTEGRATION_TEXTS.copied, failed: INTEGRATION_TEXTS.copyFailed };

/**
 * Copy with the feedback of spec §8–9: an alert, and the button shows "copied" for 2 seconds.
 * The alerts say the snippet's texts unless others are given (a link is not "code").
 */
export function useCopy(text: string, texts: CopyTexts = SNIPPET_COPY_TEXTS) {
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
      showAlert(texts.copied, 'success');
    } catch (error) {
      console.error(texts.failed, error);
      showAlert(texts.failed, 'error');
    }
  }, [text, texts]);
  return { copied, copy };
}
