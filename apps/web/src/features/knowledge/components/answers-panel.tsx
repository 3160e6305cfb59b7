import type { CorrectAnswer } from '@otklik/contract';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { IconButton } from '@/shared/ui/icon-button';
import { PencilIcon, PlusIcon, TrashIcon } from '@/shared/ui/icons';
import { PanelState } from '@/shared/ui/panel-state';
import { useCorrectAnswers, useDeleteAnswer } from '../api/answers-api';
import { formatDate } from '../lib/format';
import { KNOWLEDGE_TEXTS } from '../ru';
import { AnswerModal } from './answer-modal';
import { ChatCheckIcon } from './icons';
import styles from './knowledge.module.css';

const T = KNOWLEDGE_TEXTS.answers;

const synonymList = (synonyms: string) => [
  ...new Set(
    synonyms
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Spec §2.10, corrected answers: list, add, edit and delete through the modal of §4. */
export function AnswersPanel({ assistantId }: { assistantId: string }) {
  const answers = useCorrectAnswers(assistantId);
  const remove = useDeleteAnswer(assistantId);
  const [editing, setEditing] = useState<CorrectAnswer | null | 'new'>(null);
  const [toDelete, setToDelete] = useState<CorrectAnswer | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        showAlert(T.deleted, 'success');
        setToDelete(null);
      },
      onError: (error) => showAlert(errorMessage(error, T.deleteError), 'error'),
    });
  };

  return (
    <section className={styles.panel}>
      <div className={styles.toolbar}>
        <div className={styles.toolbarText}>
          <p>{T.intro}</p>
        </div>
        <div className={styles.toolbarActions}>
          <Button icon={<PlusIcon size={18} />} onClick={() => setEditing('new')}>
            {T.add}
          </Button>
        </div>
      </div>

      {answers.isPending ? (
        <PanelState loading text={T.loading} />
      ) : answers.isError ? (
        <PanelState
          tone="error"
          text={errorMessage(answers.error, T.loadError)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void answers.refetch()}>
              {KNOWLEDGE_TEXTS.retry}
            </Button>
          }
        />
      ) : answers.data.length === 0 ? (
        <PanelState
          icon={<ChatCheckIcon size={26} />}
          title={T.emptyTitle}
          text={T.emptyText}
          action={
            <Button size="sm" icon={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
              {T.add}
            </Button>
          }
        />
      ) : (
        <ul className={styles.answers} aria-label={KNOWLEDGE_TEXTS.tabs.answers}>
          {answers.data.map((answer) => (
            <li key={answer.id} className={styles.answer}>
              <div className={styles.answerHead}>
                <p className={styles.answerQuestion}>{answer.question}</p>
                <div className={styles.rowActions}>
                  <IconButton onClick={() => setEditing(answer)} label={`${T.edit}: ${answer.question}`} title={T.edit}>
                    <PencilIcon size={18} />
                  </IconButton>
                  <IconButton
                    tone="danger"
                    onClick={() => setToDelete(answer)}
                    label={`${T.delete}: ${answer.question}`}
                    title={T.delete}
                  >
                    <TrashIcon size={18} />
                  </IconButton>
                </div>
              </div>
              <p className={styles.answerText}>{answer.correctAnswer}</p>
              {synonymList(answer.synonyms).length > 0 ? (
                <ul className={styles.chips} aria-label={T.synonyms}>
                  {synonymList(answer.synonyms).map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              ) : null}
              <p className={styles.rowMeta}>
                <time dateTime={answer.updatedAt}>{formatDate(answer.updatedAt)}</time>
                {answer.isCorrect ? <span className={styles.confirmed}>{T.confirmed}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}

      <AnswerModal
        assistantId={assistantId}
        open={editing !== null}
        answer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        cancelLabel={KNOWLEDGE_TEXTS.cancel}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? T.deleteText(toDelete.question) : null}
      </ConfirmDialog>
    </section>
  );
}
