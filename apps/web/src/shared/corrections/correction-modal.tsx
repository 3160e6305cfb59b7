import { zodResolver } from '@hookform/resolvers/zod';
import { CorrectAnswerInput } from '@otklik/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { showAlert } from '@/shared/ui/alert-store';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { Button } from '@/shared/ui/button';
import { Modal, ModalError, ModalForm } from '@/shared/ui/modal';
import { QuotedText } from '@/shared/ui/quoted-text';
import { correctAnswersKey, saveCorrection } from './corrections-api';
import { CORRECTION_TEXTS as T } from './ru';

/** The owner's verdict on an answer: 'Верно' or 'Неверно'; 'missing' adds an answer the bot did not have. */
export type Verdict = 'right' | 'wrong' | 'missing';

/** The server's own rules for both texts (non-empty after trimming). */
const correctionForm = z.object({
  question: CorrectAnswerInput.shape.question,
  correctAnswer: CorrectAnswerInput.shape.correctAnswer,
});
type FormInput = z.input<typeof correctionForm>;
type FormOutput = z.output<typeof correctionForm>;

export interface Correction {
  question: string;
  originalAnswer: string;
  verdict: Verdict;
}

interface CorrectionModalProps {
  assistantId: string;
  correction: Correction;
  onClose: () => void;
  /** After a save, before the modal closes. */
  onSaved?: () => void;
}

/**
 * Spec §4 "Corrected-answer modal" and "Chat monitoring": 'Верно' prefills the corrected answer
 * with the original, 'Неверно' leaves it empty; Escape closes, Ctrl/Cmd+Enter saves, a save closes.
 */
export function CorrectionModal({ assistantId, correction, onClose, onSaved }: CorrectionModalProps) {
  const client = useQueryClient();
  const { originalAnswer, verdict } = correction;
  const save = useMutation({
    mutationFn: (values: FormOutput) =>
      saveCorrection(assistantId, {
        ...values,
        originalAnswer,
        // 'Верно' marks the answer correct, unless the owner then rewrote it.
        isCorrect: verdict === 'right' && values.correctAnswer.trim() === originalAnswer.trim(),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: correctAnswersKey(assistantId) });
      showAlert(T.saved, 'success');
      onSaved?.();
      onClose();
    },
    onError: () => showAlert(T.saveError, 'error'),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(correctionForm),
    defaultValues: { question: correction.question, correctAnswer: verdict === 'right' ? originalAnswer : '' },
  });

  const error = errors.question?.message ?? errors.correctAnswer?.message;
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title={verdict === 'missing' ? T.addTitle : T.title}
      size="lg"
      footerNote={T.shortcut}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {T.cancel}
          </Button>
          <Button type="submit" form="chat-correction" loading={save.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <ModalForm id="chat-correction" onSubmit={handleSubmit((values) => save.mutate(values))} submitOnModEnter>
        <AutoTextarea label={T.question} rows={1} maxRows={5} {...register('question')} />
        {originalAnswer ? <QuotedText label={T.original} text={originalAnswer} /> : null}
        <AutoTextarea
          label={T.corrected}
          placeholder={T.correctedPlaceholder}
          rows={4}
          maxRows={12}
          aria-invalid={errors.correctAnswer ? true : undefined}
          {...register('correctAnswer')}
        />
        {error ? <ModalError>{error}</ModalError> : null}
      </ModalForm>
    </Modal>
  );
}
