import { ASSISTANT_CREATE_FILE_ACCEPT } from '@otklik/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { widgetCreateIdStore } from '@/shared/lib/storage';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { showAlert } from '@/shared/ui/alert-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { FileInput } from '@/shared/ui/file-input';
import { ArrowLeftIcon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { useCreateAssistant } from './api/assistants-api';
import { AssistantDataForm } from './components/assistant-data-form';
import { CreateSteps } from './components/create-steps';
import { EditorLayout } from './components/editor-layout';
import styles from './components/page.module.css';
import { type AssistantData, type DataErrors, EMPTY_DATA, validateData } from './lib/assistant-data';
import { draftDesign, dropCreateWidget, finishCreation } from './lib/create-flow';
import { DEFAULT_DESIGN_STATE } from './lib/design';
import { failureText } from './lib/failure-text';
import { ASSISTANT_TEXTS as T } from './ru';

const ALLOWED = ASSISTANT_CREATE_FILE_ACCEPT.split(',');

/** Spec §2.7 step 2: the assistant's data and a knowledge file; creates the assistant. */
export default function CreateDataPage() {
  useDocumentTitle(T.createDataTitle);
  const navigate = useNavigate();
  const [values, setValues] = useState<AssistantData>(EMPTY_DATA);
  const [errors, setErrors] = useState<DataErrors>({});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [design] = useState(() => draftDesign(widgetCreateIdStore.get()) ?? DEFAULT_DESIGN_STATE);
  const create = useCreateAssistant();

  const onChange = (patch: Partial<AssistantData>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof AssistantData)[]) delete next[key];
      return next;
    });
  };

  const onFile = (chosen: File | null) => {
    const ext = chosen ? `.${chosen.name.split('.').pop()?.toLowerCase() ?? ''}` : '';
    if (chosen && !ALLOWED.includes(ext)) {
      setFileError(T.fileType);
      setFile(null);
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const widgetId = widgetCreateIdStore.get();
    if (!widgetId) {
      showAlert(T.noWidgetId, 'error');
      return;
    }
    const checked = validateData(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    // Spec §5: without a file a warning shows, and the creation goes on.
    if (!file) showAlert(T.noFile, 'warning');
    try {
      const assistant = await create.mutateAsync({ request: { ...checked.data, widgetId }, file });
      finishCreation(assistant.id);
      showAlert(T.created, 'success');
      await navigate(PATHS.createIntegration);
    } catch (error) {
      // A widget that is gone or already has its assistant cannot be used again: the design step starts anew.
      if (isApiError(error) && (error.status === 404 || error.status === 409)) dropCreateWidget();
      showAlert(failureText(error, T.createError), 'error');
    }
  };

  return (
    <>
      <CreateSteps current={2} />
      <PageHeader title={T.createDataTitle} description={T.createDataDescription} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <EditorLayout
          design={design}
          actions={
            <>
              <ButtonLink to={PATHS.createDesign} variant="ghost" size="lg" icon={<ArrowLeftIcon size={18} />}>
                <span className={styles.phoneHidden}>{T.back}</span>
              </ButtonLink>
              <Button type="submit" size="lg" loading={create.isPending}>
                {T.createSubmit}
              </Button>
            </>
          }
        >
          <AssistantDataForm values={values} errors={errors} onChange={onChange}>
            <FileInput
              label={T.file}
              accept={ASSISTANT_CREATE_FILE_ACCEPT}
              file={file}
              onChange={onFile}
              hint={T.fileHint}
              error={fileError}
            />
          </AssistantDataForm>
        </EditorLayout>
      </form>
    </>
  );
}
