import { PREDEFINED_QUESTION_MAX_LENGTH, PREDEFINED_QUESTIONS_MAX } from '@otklik/contract';
import { useEffect, useRef } from 'react';
import { Button } from '@/shared/ui/button';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, PlusIcon } from '@/shared/ui/icons';
import { moveItem } from '../lib/design';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './design-form.module.css';
import { EmojiButton } from './emoji-button';

const QUESTION_MAX = PREDEFINED_QUESTION_MAX_LENGTH;
const QUESTIONS_MAX = PREDEFINED_QUESTIONS_MAX;

interface Props {
  questions: string[];
  onChange: (questions: string[]) => void;
}

/** Spec §2.9: suggested questions: add, edit, remove, reorder. */
export function QuestionsSection({ questions, onChange }: Props) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusIndex = useRef<number | null>(null);

  // After an add or a move, the keyboard stays on the question that moved.
  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[focusIndex.current]?.focus();
    focusIndex.current = null;
  });

  const set = (index: number, value: string) => onChange(questions.map((q, i) => (i === index ? value : q)));
  const move = (from: number, to: number) => {
    focusIndex.current = to;
    onChange(moveItem(questions, from, to));
  };

  return (
    <div className={styles.stack}>
      {questions.length > 0 ? (
        <ol className={styles.questions}>
          {questions.map((question, index) => (
            <QuestionRow
              // Rows are plain strings without ids; index keys are right, as focus is restored by index.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              index={index}
              count={questions.length}
              value={question}
              inputRef={(el) => {
                inputs.current[index] = el;
              }}
              onValue={(value) => set(index, value)}
              onMove={(to) => move(index, to)}
              onRemove={() => {
                focusIndex.current = Math.min(index, questions.length - 2);
                onChange(questions.filter((_, i) => i !== index));
              }}
              onEnter={() => {
                if (index === questions.length - 1 && questions.length < QUESTIONS_MAX && question.trim()) {
                  focusIndex.current = questions.length;
                  onChange([...questions, '']);
                } else inputs.current[index + 1]?.focus();
              }}
            />
          ))}
        </ol>
      ) : null}
      <div>
        <Button
          variant="secondary"
          size="sm"
          icon={<PlusIcon size={16} />}
          disabled={questions.length >= QUESTIONS_MAX}
          onClick={() => {
            focusIndex.current = questions.length;
            onChange([...questions, '']);
          }}
        >
          {T.addQuestion}
        </Button>
      </div>
    </div>
  );
}

interface RowProps {
  index: number;
  count: number;
  value: string;
  inputRef: (el: HTMLInputElement | null) => void;
  onValue: (value: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onEnter: () => void;
}

function QuestionRow({ index, count, value, inputRef, onValue, onMove, onRemove, onEnter }: RowProps) {
  const own = useRef<HTMLInputElement | null>(null);
  const n = index + 1;
  return (
    <li className={styles.question}>
      <span className={styles.questionNumber} aria-hidden="true">
        {n}
      </span>
      <div className={styles.questionField}>
        <input
          ref={(el) => {
            own.current = el;
            inputRef(el);
          }}
          className={styles.questionInput}
          aria-label={T.question(n)}
          value={value}
          maxLength={QUESTION_MAX}
          placeholder={T.newQuestionPlaceholder}
          onChange={(event) => onValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onEnter();
            } else if (event.altKey && event.key === 'ArrowUp' && index > 0) {
              event.preventDefault();
              onMove(index - 1);
            } else if (event.altKey && event.key === 'ArrowDown' && index < count - 1) {
              event.preventDefault();
              onMove(index + 1);
            }
          }}
        />
        <EmojiButton variant="inline" target={own} onInsert={(next) => onValue(next.slice(0, QUESTION_MAX))} />
      </div>
      <div className={styles.questionTools}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={T.moveUp(n)}
          title={T.moveUp(n)}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ChevronUpIcon size={16} strokeWidth={2} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={T.moveDown(n)}
          title={T.moveDown(n)}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ChevronDownIcon size={16} strokeWidth={2} />
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.danger}`}
          aria-label={T.removeQuestion(n)}
          title={T.removeQuestion(n)}
          onClick={onRemove}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    </li>
  );
}
