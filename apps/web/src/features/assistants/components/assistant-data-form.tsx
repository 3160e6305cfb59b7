import {
  ASSISTANT_INSTRUCTIONS_MAX_LENGTH,
  ASSISTANT_INSTRUCTIONS_ROWS,
  ASSISTANT_ROLE_MAX_LENGTH,
  ASSISTANT_ROLE_ROWS,
  ASSISTANT_TITLE_MAX_LENGTH,
  TEMPERATURE,
} from '@otklik/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { HelpTooltip } from '@/shared/ui/help-tooltip';
import { RangeSlider } from '@/shared/ui/range-slider';
import { Select } from '@/shared/ui/select';
import { TextInput } from '@/shared/ui/text-input';
import { useModels } from '../api/assistants-api';
import type { AssistantData, DataErrors } from '../lib/assistant-data';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './assistant-data-form.module.css';

interface Props {
  values: AssistantData;
  errors?: DataErrors;
  onChange: (patch: Partial<AssistantData>) => void;
  /** The creation form adds the knowledge file here. */
  children?: ReactNode;
}

/** Spec §2.7 step 2 and the data tab of §2.8: title, role, instructions, temperature, model. */
export function AssistantDataForm({ values, errors = {}, onChange, children }: Props) {
  const models = useModels();
  const options = (models.data ?? []).map((m) => ({ value: m.id, label: m.name }));
  // A stored model the server no longer lists stays selectable, so saving never changes it silently.
  if (values.gptModel && !options.some((o) => o.value === values.gptModel)) {
    options.unshift({ value: values.gptModel, label: models.isPending ? T.modelsLoading : values.gptModel });
  }
  const chosen = models.data?.find((m) => m.id === values.gptModel);

  return (
    <div className={styles.form}>
      <TextInput
        label={T.title}
        hint={T.titleHint}
        placeholder={T.titlePlaceholder}
        value={values.title}
        maxLength={ASSISTANT_TITLE_MAX_LENGTH}
        error={errors.title}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <AutoTextarea
        label={T.role}
        labelExtra={<HelpTooltip>{T.roleHelp}</HelpTooltip>}
        rows={ASSISTANT_ROLE_ROWS}
        maxRows={10}
        placeholder={T.rolePlaceholder}
        value={values.role}
        maxLength={ASSISTANT_ROLE_MAX_LENGTH}
        error={errors.role}
        onChange={(event) => onChange({ role: event.target.value })}
      />
      <AutoTextarea
        label={T.instructions}
        labelExtra={<HelpTooltip>{T.instructionsHelp}</HelpTooltip>}
        hint={
          <>
            {T.instructionsHint}{' '}
            <Link to={PATHS.promptHelper} target="_blank" rel="noopener">
              {T.promptHelperLink}
            </Link>
          </>
        }
        rows={ASSISTANT_INSTRUCTIONS_ROWS}
        maxRows={30}
        placeholder={T.instructionsPlaceholder}
        value={values.instructions}
        maxLength={ASSISTANT_INSTRUCTIONS_MAX_LENGTH}
        error={errors.instructions}
        onChange={(event) => onChange({ instructions: event.target.value })}
      />
      <div className={styles.row}>
        <RangeSlider
          label={T.temperature}
          labelExtra={<HelpTooltip>{T.temperatureHelp}</HelpTooltip>}
          value={values.temperature}
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={TEMPERATURE.step}
          onChange={(temperature) => onChange({ temperature })}
        />
        <Select
          label={T.model}
          options={options}
          value={values.gptModel}
          error={errors.gptModel}
          hint={chosen && !chosen.available ? T.modelUnavailable : undefined}
          onChange={(event) => onChange({ gptModel: event.target.value })}
        />
      </div>
      {children}
    </div>
  );
}
