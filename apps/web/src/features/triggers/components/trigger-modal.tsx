import { zodResolver } from '@hookform/resolvers/zod';
import {
  actionHasCustomAnswer,
  DEFAULT_TRIGGER_ACTION,
  TRIGGER_ACTIONS,
  TRIGGER_LIMITS,
  type Trigger,
  TriggerInput,
} from '@otklik/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { Button } from '@/shared/ui/button';
import { OptionalMark } from '@/shared/ui/field';
import { Modal, ModalError, ModalForm } from '@/shared/ui/modal';
import { Select } from '@/shared/ui/select';
import { TextInput } from '@/shared/ui/text-input';
import { toInput, useSaveTriggers } from '../api/triggers-api';
import { ACTION_HINTS, ACTION_LABELS, TRIGGERS_TEXTS } from '../ru';
import { StopWordsInput } from './stop-words-input';

const T = TRIGGERS_TEXTS.modal;
const ACTION_OPTIONS = TRIGGER_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));

type FormInput = z.input<typeof TriggerInput>;
type FormOutput = z.output<typeof TriggerInput>;

interface TriggerModalProps {
  assistantId: string;
  open: boolean;
  /** Every trigger of the assistant: the save call posts the whole list (spec §7). */
  triggers: readonly Trigger[];
  /** The trigger being edited; none for a new one. */
  trigger: Trigger | null;
  onClose: () => void;
}

export function TriggerModal(props: TriggerModalProps) {
  return props.open ? <TriggerDialog {...props} /> : null;
}

/** Add or edit one trigger, validated by the server's own schema. Escape closes, Ctrl/Cmd+Enter saves. */
function TriggerDialog({ assistantId, triggers, trigger, onClose }: TriggerModalProps) {
  const save = useSaveTriggers(assistantId);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(TriggerInput),
    defaultValues: {
      name: trigger?.name ?? '',
      action: trigger?.action ?? DEFAULT_TRIGGER_ACTION,
      stopWords: trigger?.stopWords ?? [],
      customAnswer: trigger?.customAnswer ?? '',
    },
  });
  const action = useWatch({ control, name: 'action' }) ?? DEFAULT_TRIGGER_ACTION;

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    const edited = { ...values, id: trigger?.id };
    const list = trigger
      ? triggers.map((t) => (t.id === trigger.id ? edited : toInput(t)))
      : [...triggers.map(toInput), edited];
    save.mutate(list, {
      onSuccess: () => {
        showAlert(trigger ? TRIGGERS_TEXTS.saved : TRIGGERS_TEXTS.added, 'success');
        onClose();
      },
      onError: (error) => {
        showAlert(TRIGGERS_TEXTS.saveError, 'error');
        // A refusal the server explains (400) is worth showing next to the fields.
        if (isApiError(error) && error.status === 400 && error.message) setServerError(error.message);
      },
    });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={trigger ? T.editTitle : T.addTitle}
      size="lg"
      footerNote={T.shortcut}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form="trigger-form" loading={save.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <ModalForm id="trigger-form" onSubmit={onSubmit} submitOnModEnter>
        <TextInput
          label={T.name}
          labelExtra={<OptionalMark>{T.optional}</OptionalMark>}
          placeholder={T.namePlaceholder}
          maxLength={TRIGGER_LIMITS.nameLength}
          error={errors.name?.message}
          {...register('name')}
        />
        <Select label={T.action} options={ACTION_OPTIONS} hint={ACTION_HINTS[action]} {...register('action')} />
        <Controller
          control={control}
          name="stopWords"
          render={({ field, fieldState }) => (
            <StopWordsInput
              ref={field.ref}
              label={T.stopWords}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={T.stopWordsPlaceholder}
              hint={T.stopWordsHint}
              error={fieldState.error?.message}
              removeLabel={T.removeWord}
              maxLength={TRIGGER_LIMITS.stopWordLength}
            />
          )}
        />
        {actionHasCustomAnswer(action) ? (
          <AutoTextarea
            label={T.customAnswer}
            placeholder={T.customAnswerPlaceholder}
            hint={T.customAnswerHint}
            rows={3}
            maxRows={10}
            maxLength={TRIGGER_LIMITS.customAnswerLength}
            error={errors.customAnswer?.message}
            {...register('customAnswer')}
          />
        ) : null}
        {serverError ? <ModalError>{serverError}</ModalError> : null}
      </ModalForm>
    </Modal>
  );
}
