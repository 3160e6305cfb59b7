import { type ReactNode, useId, useState } from 'react';
import styles from './file-input.module.css';
import { UploadIcon } from './icons';
import { UI_TEXTS } from './ru';

interface FileInputProps {
  label: ReactNode;
  /** e.g. ".pdf,.docx,.txt" */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}

/**
 * A file picker: the real file input, transparent, lies over the styled zone, so a click, the
 * keyboard and a dropped file (browsers accept drops on file inputs) all reach it.
 */
export function FileInput({ label, accept, file, onChange, hint, error, disabled }: FileInputProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.zone} data-dragging={dragging} data-invalid={Boolean(error)}>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className={styles.native}
          aria-invalid={error ? true : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onDragEnter={() => setDragging(true)}
          onDragLeave={() => setDragging(false)}
          onDrop={() => setDragging(false)}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            // Choosing the same file again must fire a change.
            event.target.value = '';
          }}
        />
        <span className={styles.button} aria-hidden="true">
          <UploadIcon size={18} />
          {UI_TEXTS.chooseFile}
        </span>
        <span className={styles.name}>{file ? file.name : `${UI_TEXTS.noFile} — ${UI_TEXTS.dropHere}`}</span>
        {file && !disabled ? (
          <button type="button" className={styles.clear} onClick={() => onChange(null)} aria-label={UI_TEXTS.close}>
            ×
          </button>
        ) : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
