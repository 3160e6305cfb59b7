import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { widgetCreateIdStore } from '@/shared/lib/storage';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { ArrowRightIcon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { initWidget, useSaveWidget } from './api/widget-api';
import { CreateSteps } from './components/create-steps';
import { DesignForm } from './components/design-form';
import { EditorLayout } from './components/editor-layout';
import { PlanBanner } from './components/plan-banner';
import { draftDesign, dropCreateWidget, saveDraft, startCreation } from './lib/create-flow';
import { applyDesignPatch, DEFAULT_DESIGN_STATE, type DesignState, toSaveRequest } from './lib/design';
import { failureText } from './lib/failure-text';
import { ASSISTANT_TEXTS as T } from './ru';

/** Spec §2.7 step 1: the widget design; saved before the data step, which needs its id. */
export default function CreateDesignPage() {
  useDocumentTitle(T.createDesignTitle);
  const navigate = useNavigate();
  const [widgetId, setWidgetId] = useState<string | null>(null);
  const [design, setDesign] = useState<DesignState>(
    () => draftDesign(widgetCreateIdStore.get()) ?? DEFAULT_DESIGN_STATE,
  );
  const save = useSaveWidget();
  const [starting, setStarting] = useState(true);

  useEffect(() => {
    let alive = true;
    startCreation(initWidget)
      .then((id) => {
        if (alive) setWidgetId(id);
      })
      .catch((error: unknown) => {
        if (alive) showAlert(failureText(error, T.widgetInitError), 'error');
      })
      .finally(() => {
        if (alive) setStarting(false);
      });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (widgetId) saveDraft(widgetId, design);
  }, [widgetId, design]);

  const onChange = useCallback((patch: Partial<DesignState>) => setDesign((d) => applyDesignPatch(d, patch)), []);

  const obtainId = async (): Promise<string | null> => {
    try {
      const id = await startCreation(initWidget);
      setWidgetId(id);
      return id;
    } catch (error) {
      showAlert(failureText(error, T.widgetInitError), 'error');
      return null;
    }
  };

  const next = async () => {
    const id = widgetId ?? (await obtainId());
    if (!id) {
      // Spec §5: saving is skipped without a widget id.
      console.warn('Виджет не сохранён: нет id виджета');
      return;
    }
    try {
      await save.mutateAsync(toSaveRequest(id, design));
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) {
        showAlert(failureText(error, T.widgetSaveError), 'error');
        return;
      }
      // The held widget is gone (another account's, or deleted): start a new one and save into it.
      dropCreateWidget();
      const fresh = await obtainId();
      if (!fresh) return;
      try {
        await save.mutateAsync(toSaveRequest(fresh, design));
      } catch (retryError) {
        showAlert(failureText(retryError, T.widgetSaveError), 'error');
        return;
      }
    }
    await navigate(PATHS.createData);
  };

  return (
    <>
      <CreateSteps current={1} />
      <PageHeader title={T.createDesignTitle} description={T.createDesignDescription} />
      <PlanBanner />
      <EditorLayout
        design={design}
        actions={
          <Button size="lg" onClick={() => void next()} loading={save.isPending || starting}>
            {T.next}
            <ArrowRightIcon size={18} />
          </Button>
        }
      >
        <DesignForm design={design} onChange={onChange} widgetId={widgetId} />
      </EditorLayout>
    </>
  );
}
