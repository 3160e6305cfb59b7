import { KNOWLEDGE_DESCRIPTION_MAX_LENGTH, KNOWLEDGE_FILE_ACCEPT, KNOWLEDGE_TITLE_MAX_LENGTH } from '@otklik/contract';
import { type DragEvent, type FormEvent, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { Button } from '@/shared/ui/button';
import { OptionalMark } from '@/shared/ui/field';
import { FileInput } from '@/shared/ui/file-input';
import { Modal, ModalForm } from '@/shared/ui/modal';
import { TextInput } from '@/shared/ui/text-input';
import { useUploadFile } from '../api/files-api';
import { checkUploadFile } from '../lib/format';
import { KNOWLEDGE_TEXTS } from '../ru';
import styles from './knowledge.module.css';

const T = KNOWLEDGE_TEXTS.upload;

interface UploadModalProps {
  assistantId: string;
  open: boolean;
  /** A file dropped on the list before the modal opened. */
  initialFile?: File | null;
  onClose: () => void;
}

/** Spec §2.10, §5: a file (pdf, doc, docx, txt, xlsx, csv) with an optional title and description. */
export function UploadModal(props: UploadModalProps) {
  return props.open ? <UploadDialog {...props} /> : null;
}

function UploadDialog({ assistantId, initialFile, onClose }: UploadModalProps) {
  const upload = useUploadFile(assistantId);
  const [file, setFile] = useState<File | null>(initialFile ?? null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [fileError, setFileError] = useState<string | undefined>(
    initialFile ? (checkUploadFile(initialFile) ?? undefined) : undefined,
  );
  const [dragging, setDragging] = useState(false);

  const choose = (next: File | null) => {
    setFile(next);
    setFileError(next ? (checkUploadFile(next) ?? undefined) : undefined);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  const close = () => {
    if (!upload.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkUploadFile(file);
    if (problem || !file) {
      setFileError(problem ?? T.fileRequired);
      return;
    }
    upload.mutate(
      { file, title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          showAlert(T.done, 'success');
          onClose();
        },
        onError: (error) => {
          const message = errorMessage(error, T.error);
          setFileError(message);
          showAlert(message, 'error');
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={close}
      title={T.title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" form="knowledge-upload" loading={upload.isPending}>
            {T.submit}
          </Button>
        </>
      }
    >
      <ModalForm
        id="knowledge-upload"
        className={styles.dropZone}
        onSubmit={submit}
        data-dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <FileInput
          label={T.file}
          accept={KNOWLEDGE_FILE_ACCEPT}
          file={file}
          onChange={choose}
          hint={T.fileHint}
          error={fileError}
          disabled={upload.isPending}
        />
        <TextInput
          label={T.titleLabel}
          labelExtra={<OptionalMark>{T.optional}</OptionalMark>}
          placeholder={T.titlePlaceholder}
          maxLength={KNOWLEDGE_TITLE_MAX_LENGTH}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          disabled={upload.isPending}
        />
        <AutoTextarea
          label={T.description}
          labelExtra={<OptionalMark>{T.optional}</OptionalMark>}
          placeholder={T.descriptionPlaceholder}
          maxLength={KNOWLEDGE_DESCRIPTION_MAX_LENGTH}
          rows={3}
          maxRows={8}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={upload.isPending}
        />
      </ModalForm>
    </Modal>
  );
}
