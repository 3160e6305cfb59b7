import { KNOWLEDGE_ASSISTANT_MAX_BYTES, type KnowledgeFileItem } from '@otklik/contract';
import { type DragEvent, useEffect, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { PlusIcon, UploadIcon } from '@/shared/ui/icons';
import { PanelState } from '@/shared/ui/panel-state';
import { useDeleteFile, useDownloadFile, useKnowledgeFiles } from '../api/files-api';
import { formatSize } from '../lib/format';
import { KNOWLEDGE_TEXTS } from '../ru';
import { FileRow } from './file-row';
import { FileTextIcon, GlobeIcon } from './icons';
import styles from './knowledge.module.css';
import { ScrapeModal } from './scrape-modal';
import { UploadModal } from './upload-modal';

const T = KNOWLEDGE_TEXTS.files;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** Spec §2.10, files: list with status, upload, download, delete and the site scrape. */
export function FilesPanel({ assistantId }: { assistantId: string }) {
  const files = useKnowledgeFiles(assistantId);
  const remove = useDeleteFile(assistantId);
  const download = useDownloadFile();
  const [modal, setModal] = useState<'upload' | 'scrape' | null>(null);
  const [dropped, setDropped] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<KnowledgeFileItem | null>(null);
  const [siteId, setSiteId] = useState<string | null>(null);

  // The crawl of a site ends in the background: tell the owner when it does (spec §8 success text).
  const site = siteId ? files.data?.find((f) => f.id === siteId) : undefined;
  useEffect(() => {
    if (!siteId || !site || site.status === 'processing') return;
    if (site.status === 'ready') showAlert(KNOWLEDGE_TEXTS.scrape.success, 'success');
    else showAlert(site.statusReason || T.failedFallback, 'error');
    setSiteId(null);
    setModal((current) => (current === 'scrape' ? null : current));
  }, [siteId, site]);

  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    setDropped(file);
    setModal('upload');
  };

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

  const used = files.data?.reduce((sum, f) => sum + f.size, 0) ?? 0;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file on the list is a shortcut for mouse users; the upload button is the keyboard path
    <section
      className={styles.panel}
      data-dragging={dragging}
      onDragOver={(event) => {
        if (!hasFiles(event) || modal) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={modal ? undefined : onDrop}
    >
      <div className={styles.toolbar}>
        <div className={styles.toolbarText}>
          <p>{T.intro}</p>
          {files.data && files.data.length > 0 ? <UsageMeter used={used} /> : null}
        </div>
        <div className={styles.toolbarActions}>
          <Button variant="secondary" icon={<GlobeIcon />} onClick={() => setModal('scrape')}>
            {T.scrape}
          </Button>
          <Button icon={<UploadIcon size={18} />} onClick={() => setModal('upload')}>
            {T.upload}
          </Button>
        </div>
      </div>

      {files.isPending ? (
        <PanelState loading text={T.loading} />
      ) : files.isError ? (
        <PanelState
          tone="error"
          text={errorMessage(files.error, T.loadError)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void files.refetch()}>
              {KNOWLEDGE_TEXTS.retry}
            </Button>
          }
        />
      ) : files.data.length === 0 ? (
        <PanelState
          icon={<FileTextIcon size={26} />}
          title={T.emptyTitle}
          text={T.emptyText}
          action={
            <Button size="sm" icon={<PlusIcon size={16} />} onClick={() => setModal('upload')}>
              {T.upload}
            </Button>
          }
        />
      ) : (
        <ul className={styles.list} aria-label={KNOWLEDGE_TEXTS.tabs.files}>
          {files.data.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              downloading={download.isPending && download.variables?.id === file.id}
              onDownload={() =>
                download.mutate(file, {
                  onError: (error) => showAlert(errorMessage(error, T.downloadError), 'error'),
                })
              }
              onDelete={() => setToDelete(file)}
            />
          ))}
        </ul>
      )}

      <UploadModal
        assistantId={assistantId}
        open={modal === 'upload'}
        initialFile={dropped}
        onClose={() => {
          setModal(null);
          setDropped(null);
        }}
      />
      <ScrapeModal
        assistantId={assistantId}
        open={modal === 'scrape'}
        crawling={site?.status === 'processing' ? site : undefined}
        onStarted={(file) => setSiteId(file.id)}
        onClose={() => setModal(null)}
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
        {toDelete ? T.deleteText(toDelete.title || toDelete.name) : null}
      </ConfirmDialog>
    </section>
  );
}

function UsageMeter({ used }: { used: number }) {
  const share = Math.min(1, used / KNOWLEDGE_ASSISTANT_MAX_BYTES);
  return (
    <div className={styles.usage}>
      <span>{T.usage(formatSize(used), formatSize(KNOWLEDGE_ASSISTANT_MAX_BYTES))}</span>
      <span className={styles.usageBar} aria-hidden="true">
        <span style={{ width: `${Math.max(share * 100, used > 0 ? 1 : 0)}%` }} />
      </span>
    </div>
  );
}
