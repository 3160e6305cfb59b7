import { zodResolver } from '@hookform/resolvers/zod';
import { type CorrectAnswer, CorrectAnswerInput, SYNONYMS_MIN_QUERY_LENGTH } from '@otklik/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { Button } from '@/shared/ui/button';
import { Modal, ModalError, ModalForm } from '@/shared/ui/modal';
import { QuotedText } from '@/shared/ui/quoted-text';
import { Spinner } from '@/shared/ui/spinner';
import { fetchSynonyms, useSaveAnswer } from '../api/answers-api';
import { KNOWLEDGE_TEXTS } from '../ru';
import styles from './knowledge.module.css';

const T = KNOWLEDGE_TEXTS.answerModal;

/** The fields the owner edits, validated by the server's own rules (spec §5: both non-empty after trimming). */
const answerForm = z.object({
  question: CorrectAnswerInput.shape.question,
  correctAnswer: CorrectAnswerInput.shape.correctAnswer,
  synonyms: z.string().trim().max(10_000),
});
type AnswerFormInput = z.input<typeof answerForm>;
type AnswerFormOutput = z.output<typeof answerForm>;

interface AnswerModalProps {
  assistantId: string;
  open: boolean;
  /** The answer being edited; none for a new one. */
  answer?: CorrectAnswer | null;
  onClose: () => void;
}

export function AnswerModal(props: AnswerModalProps) {
  return props.open ? <AnswerDialog {...props} /> : null;
}

/**
 * Spec §4 "Corrected-answer modal": Escape closes it, Ctrl/Cmd+Enter saves, synonyms are generated
 * when the question loses focus with more than 3 characters and no synonyms; on save it waits,
 * then closes and resets.
 */
function AnswerDialog({ assistantId, answer, onClose }: AnswerModalProps) {
  const save = useSaveAnswer(assistantId);
  const form = useRef<HTMLFormElement>(null);
  const [synonymsLoading, setSynonymsLoading] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<AnswerFormInput, unknown, AnswerFormOutput>({
    resolver: zodResolver(answerForm),
    defaultValues: {
      question: answer?.question ?? '',
      correctAnswer: answer?.correctAnswer ?? '',
      synonyms: answer?.synonyms ?? '',
    },
  });

  const generateSynonyms = async () => {
    const question = (getValues('question') ?? '').trim();
    if (question.length < SYNONYMS_MIN_QUERY_LENGTH || (getValues('synonyms') ?? '').trim()) return;
    setSynonymsLoading(true);
    try {
      const synonyms = await fetchSynonyms(question);
      // The owner may have typed their own meanwhile: theirs stay.
      if (synonyms && !(getValues('synonyms') ?? '').trim()) {
        setValue('synonyms', synonyms, { shouldDirty: true });
        // The text area grows on input; a value set by code must tell it too.
        const area = form.current?.elements.namedItem('synonyms');
        if (area instanceof HTMLTextAreaElement) area.dispatchEvent(new Event('input', { bubbles: true }));
      }
    } catch {
      // Synonyms are a help, not a requirement: the answer saves without them.
    } finally {
      setSynonymsLoading(false);
    }
  };

  const onSubmit = handleSubmit((values) => {
    const originalAnswer = answer?.originalAnswer ?? '';
    save.mutate(
      {
        id: answer?.id,
        body: {
          question: values.question,
          correctAnswer: values.correctAnswer,
          originalAnswer,
          synonyms: values.synonyms,
          // Spec §4: an edited answer is correct when the original and the corrected one match.
          isCorrect: answer ? originalAnswer.trim() === values.correctAnswer.trim() : false,
        },
      },
      {
        onSuccess: () => {
          showAlert(answer ? KNOWLEDGE_TEXTS.answers.saved : KNOWLEDGE_TEXTS.answers.added, 'success');
          onClose();
        },
        onError: (error) =>
          showAlert(
            errorMessage(error, answer ? KNOWLEDGE_TEXTS.answers.saveError : KNOWLEDGE_TEXTS.answers.addError),
            'error',
          ),
      },
    );
  });

  const bothError = errors.question?.message ?? errors.correctAnswer?.message;
  const question = register('question', { onBlur: () => void generateSynonyms() });

  return (
    <Modal
      open
      onClose={onClose}
      title={answer ? T.editTitle : T.addTitle}
      size="lg"
      footerNote={T.shortcut}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form="knowledge-answer" loading={save.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <ModalForm id="knowledge-answer" ref={form} onSubmit={onSubmit} submitOnModEnter>
        <AutoTextarea
          label={T.question}
          placeholder={T.questionPlaceholder}
          rows={2}
          maxRows={6}
          aria-invalid={errors.question ? true : undefined}
          {...question}
        />
        {answer?.originalAnswer ? <QuotedText label={T.original} text={answer.originalAnswer} /> : null}
        <AutoTextarea
          label={T.answer}
          placeholder={T.answerPlaceholder}
          rows={4}
          maxRows={12}
          aria-invalid={errors.correctAnswer ? true : undefined}
          {...register('correctAnswer')}
        />
        <AutoTextarea
          label={T.synonyms}
          labelExtra={
            synonymsLoading ? (
              <span className={styles.synonymsLoading} role="status">
                <Spinner size={12} />
                {T.synonymsLoading}
              </span>
            ) : undefined
          }
          hint={T.synonymsHint}
          rows={2}
          maxRows={6}
          {...register('synonyms')}
        />
        {bothError ? <ModalError>{bothError}</ModalError> : null}
      </ModalForm>
    </Modal>
  );
}
