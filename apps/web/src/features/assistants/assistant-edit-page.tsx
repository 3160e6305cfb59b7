import type { Assistant } from '@otklik/contract';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { assistantChatsPath, PATHS } from '@/shared/lib/paths';
import { assistantIdStore, widgetEditIdStore } from '@/shared/lib/storage';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { showAlert } from '@/shared/ui/alert-store';
import { BackButton } from '@/shared/ui/back-button';
import { Button, ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { useAssistant, usePatchAssistant } from './api/assistants-api';
import { useSaveWidget } from './api/widget-api';
import { AssistantDataForm } from './components/assistant-data-form';
import { DeleteAssistant } from './components/delete-assistant';
import { DesignForm } from './components/design-form';
import { EditorLayout } from './components/editor-layout';
import styles from './components/page.module.css';
import { panelId, TabBar, tabId } from './components/tab-bar';
import { UnsavedGuard } from './components/unsaved-guard';
import { type AssistantData, type DataErrors, dataFromAssistant, sameData, validateData } from './lib/assistant-data';
import { applyDesignPatch, type DesignState, fromWidget, toSaveRequest } from './lib/design';
import { type EditTab, readTab, rememberTab, SAVABLE_TABS } from './lib/edit-tabs';
import { failureText } from './lib/failure-text';
import type { AssistantSlots } from './lib/slots';
import { ASSISTANT_TEXTS as T } from './ru';

/** Spec §2.8: edit an assistant, in tabs, with the live preview beside. */
export function AssistantEditPage({ slots }: { slots: AssistantSlots }) {
  const { id = '' } = useParams();
  const query = useAssistant(id);
  useDocumentTitle(query.data?.name || T.editTitle);

  const failed = query.isError && !(isApiError(query.error) && query.error.status === 404);
  useEffect(() => {
    if (failed) showAlert(T.fetchError, 'error');
  }, [failed]);

  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size={24} label={T.editTitle} />
      </div>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title={T.editTitle} />
        <div className={styles.state} role="alert">
          <p>{missing ? T.notFound : T.loadError}</p>
          {missing ? (
            <ButtonLink to={PATHS.assistants} variant="secondary">
              {T.toAssistants}
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {T.retry}
            </Button>
          )}
        </div>
      </>
    );
  }
  return <Editor key={query.data.id} assistant={query.data} slots={slots} />;
}

function Editor({ assistant, slots }: { assistant: Assistant; slots: AssistantSlots }) {
  const [tab, setTab] = useState<EditTab>(() => readTab(assistant.id));
  const [savedData, setSavedData] = useState(() => dataFromAssistant(assistant));
  const [data, setData] = useState<AssistantData>(savedData);
  const [dataErrors, setDataErrors] = useState<DataErrors>({});
  const [savedDesign, setSavedDesign] = useState(() => fromWidget(assistant.widget));
  const [design, setDesign] = useState<DesignState>(savedDesign);
  const patch = usePatchAssistant(assistant.id);
  const saveWidget = useSaveWidget();
  const widgetId = assistant.widget.id;

  // Spec §3/§4: the edit id and the assistant id are held while editing and cleared when it ends.
  useEffect(() => {
    widgetEditIdStore.set(widgetId);
    assistantIdStore.set(assistant.id);
    return () => {
      widgetEditIdStore.clear();
      assistantIdStore.clear();
    };
  }, [widgetId, assistant.id]);

  const chooseTab = (next: EditTab) => {
    setTab(next);
    rememberTab(assistant.id, next);
  };

  const onDesign = useCallback((p: Partial<DesignState>) => {
    setDesign((d) => applyDesignPatch(d, p));
    // The avatar is stored at once by its own calls, so it never counts as an unsaved change.
    if ('logoUrl' in p) setSavedDesign((d) => ({ ...d, logoUrl: p.logoUrl ?? null }));
  }, []);

  const onData = (p: Partial<AssistantData>) => {
    setData((v) => ({ ...v, ...p }));
    setDataErrors({});
  };

  const dataDirty = !sameData(data, savedData);
  const designDirty = JSON.stringify(design) !== JSON.stringify(savedDesign);
  const dirty = tab === 'data' ? dataDirty : designDirty;

  const saveData = () => {
    const checked = validateData(data);
    if (!checked.ok) {
      setDataErrors(checked.errors);
      return;
    }
    patch.mutate(checked.data, {
      onSuccess: (saved) => {
        const next = dataFromAssistant(saved);
        setSavedData(next);
        setData(next);
        showAlert(T.saved, 'success');
      },
      onError: (error) => showAlert(failureText(error, T.updateError), 'error'),
    });
  };

  const saveDesign = () => {
    saveWidget.mutate(toSaveRequest(widgetId, design), {
      onSuccess: (saved) => {
        const next = { ...fromWidget(saved), logoUrl: design.logoUrl };
        setSavedDesign(next);
        setDesign(next);
        showAlert(T.designSaved, 'success');
      },
      onError: (error) => showAlert(failureText(error, T.settingsSaveError), 'error'),
    });
  };

  const name = assistant.name.trim() || T.untitled;
  const savable = SAVABLE_TABS.includes(tab);

  return (
    <>
      <div className={styles.backRow}>
        <BackButton to={PATHS.assistants} label={T.toAssistants} />
      </div>
      <PageHeader
        title={name}
        description={`${T.botLabel}: ${design.botName || savedDesign.botName}`}
        actions={
          <>
            <ButtonLink to={assistantChatsPath(assistant.id)} variant="secondary">
              {T.chats}
            </ButtonLink>
            <DeleteAssistant assistantId={assistant.id} name={name} />
          </>
        }
      />
      <UnsavedGuard when={dataDirty || designDirty} />
      <TabBar value={tab} onChange={chooseTab} />
      <EditorLayout
        design={design}
        actions={
          savable ? (
            <>
              {dirty ? <span className={styles.unsaved}>{T.unsaved}</span> : null}
              <Button
                size="lg"
                loading={tab === 'data' ? patch.isPending : saveWidget.isPending}
                onClick={tab === 'data' ? saveData : saveDesign}
              >
                {T.save}
              </Button>
            </>
          ) : undefined
        }
      >
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)}>
          {tab === 'data' ? <AssistantDataForm values={data} errors={dataErrors} onChange={onData} /> : null}
          {tab === 'design' ? <DesignForm design={design} onChange={onDesign} widgetId={widgetId} /> : null}
          {tab === 'knowledge' || tab === 'triggers' || tab === 'notifications' || tab === 'integration' ? (
            <Suspense
              fallback={
                <div className={styles.state}>
                  <Spinner size={24} label={T.tabs[tab]} />
                </div>
              }
            >
              <Slot Component={slots[tab]} assistantId={assistant.id} />
            </Suspense>
          ) : null}
        </div>
      </EditorLayout>
    </>
  );
}

function Slot({ Component, assistantId }: { Component: AssistantSlots['knowledge']; assistantId: string }) {
  return <Component assistantId={assistantId} />;
}
