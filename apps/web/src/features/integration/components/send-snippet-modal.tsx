import {
  buildSnippet,
  INTEGRATION_TEXTS,
  SNIPPET_EMAIL_PATTERN,
  type SnippetFramework,
  snippetInstructionsText,
} from '@otklik/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { MailIcon } from '@/shared/ui/icons';
import { Modal, ModalError, ModalForm } from '@/shared/ui/modal';
import { TextInput } from '@/shared/ui/text-input';
import { useSendSnippet } from '../api/send-snippet';
import styles from '../integration-panel.module.css';

interface SendSnippetModalProps {
  open: boolean;
  onClose: () => void;
  assistantId: string;
  origin: string;
  framework: SnippetFramework;
}

/** Spec §2.11, §5, §8: the developer's e-mail, checked by the simple pattern, then the call. */
export function SendSnippetModal({ open, onClose, assistantId, origin, framework }: SendSnippetModalProps) {
  const formId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState('');
  const send = useSendSnippet();
  const input = useRef<HTMLInputElement>(null);
  // The e-mail is the dialog's only field: start there (this runs after the dialog is shown).
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    if (send.isPending) return;
    setEmail('');
    setInvalid(false);
    setServerError('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const toEmail = email.trim();
    if (!SNIPPET_EMAIL_PATTERN.test(toEmail)) {
      setInvalid(true);
      input.current?.focus();
      showAlert(INTEGRATION_TEXTS.invalidEmail, 'warning');
      return;
    }
    setServerError('');
    send.mutate(
      {
        toEmail,
        snippet: buildSnippet(framework, { origin, assistantId }),
        instructions: snippetInstructionsText(framework),
        assistantId,
        framework,
      },
      {
        onSuccess: () => {
          showAlert(INTEGRATION_TEXTS.sent, 'success');
          setEmail('');
          onClose();
        },
        onError: (error) => {
          showAlert(INTEGRATION_TEXTS.sendFailed, 'error');
          setServerError(errorMessage(error, ''));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={INTEGRATION_TEXTS.sendTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={send.isPending}>
            {INTEGRATION_TEXTS.cancel}
          </Button>
          <Button type="submit" form={formId} loading={send.isPending} icon={<MailIcon size={16} strokeWidth={2} />}>
            {INTEGRATION_TEXTS.send}
          </Button>
        </>
      }
    >
      <ModalForm id={formId} onSubmit={submit}>
        <p className={styles.sendLead}>{INTEGRATION_TEXTS.sendLead}</p>
        <TextInput
          label={INTEGRATION_TEXTS.developerEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={INTEGRATION_TEXTS.developerEmailPlaceholder}
          value={email}
          error={invalid ? INTEGRATION_TEXTS.invalidEmail : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setInvalid(false);
          }}
          ref={input}
        />
        {serverError && serverError !== INTEGRATION_TEXTS.sendFailed ? <ModalError>{serverError}</ModalError> : null}
      </ModalForm>
    </Modal>
  );
}
