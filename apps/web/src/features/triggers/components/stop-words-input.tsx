import { type KeyboardEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { Field } from '@/shared/ui/field';
import fieldStyles from '@/shared/ui/field.module.css';
import { XSmallIcon } from './icons';
import styles from './triggers.module.css';

interface StopWordsInputProps {
  label: ReactNode;
  value: readonly string[];
  onChange: (words: string[]) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string;
  placeholder?: string;
  removeLabel: (word: string) => string;
  maxLength?: number;
  ref?: Ref<HTMLInputElement>;
}

const fold = (word: string) => word.toLowerCase().replaceAll('ё', 'е');

/**
 * Stop-words as chips (spec §5): a word is trimmed and added on Enter or when the field loses
 * focus; an empty one is ignored, and so is one already in the list. Backspace in the empty
 * field removes the last chip.
 */
export function StopWordsInput({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  placeholder,
  removeLabel,
  maxLength,
  ref,
}: StopWordsInputProps) {
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement | null>(null);

  const commit = () => {
    const word = draft.trim().replace(/\s+/g, ' ');
    setDraft('');
    if (!word || value.some((w) => fold(w) === fold(word))) return;
    onChange([...value, word]);
  };

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the word and never submits the form; Ctrl/Cmd+Enter adds it and lets the form save.
      if (!(event.ctrlKey || event.metaKey)) event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  const setRefs = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        // A click anywhere in the box puts the caret in the field, as in any tag input.
        // biome-ignore lint/a11y/noStaticElementInteractions: the input inside is the keyboard path.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the input inside is the keyboard path.
        <div
          className={`${fieldStyles.control} ${styles.chipBox}`}
          aria-invalid={control['aria-invalid']}
          onClick={(event) => {
            if (event.target === event.currentTarget) input.current?.focus();
          }}
        >
          {value.length > 0 ? (
            <ul className={styles.chipList}>
              {value.map((word, index) => (
                <li key={word} className={styles.chip}>
                  <span className={styles.chipText}>{word}</span>
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={removeLabel(word)}
                    title={removeLabel(word)}
                    onClick={() => remove(index)}
                  >
                    <XSmallIcon size={14} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={setRefs}
            {...control}
            className={styles.chipInput}
            value={draft}
            placeholder={value.length === 0 ? placeholder : undefined}
            enterKeyHint="enter"
            maxLength={maxLength}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              commit();
              onBlur?.();
            }}
          />
        </div>
      )}
    </Field>
  );
}
