import type { KnowledgeFileItem } from '@otklik/contract';
import { IconButton } from '@/shared/ui/icon-button';
import { TrashIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { fileKind, formatDate, formatSize } from '../lib/format';
import { KNOWLEDGE_TEXTS } from '../ru';
import { DownloadIcon, GlobeIcon } from './icons';
import styles from './knowledge.module.css';

const T = KNOWLEDGE_TEXTS.files;

interface FileRowProps {
  file: KnowledgeFileItem;
  downloading: boolean;
  onDownload: () => void;
  onDelete: () => void;
}

export function FileRow({ file, downloading, onDownload, onDelete }: FileRowProps) {
  const kind = fileKind(file);
  const shownName = file.title || file.name;
  // A site's text exists only once its pages are collected.
  const canDownload = !(file.source === 'site' && file.status === 'processing');
  return (
    <li className={styles.row} data-status={file.status}>
      <span className={styles.kind} data-kind={kind} aria-hidden="true">
        {kind === 'site' ? <GlobeIcon size={20} /> : kind === 'file' ? '' : kind.toUpperCase()}
      </span>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle} title={shownName}>
          {shownName}
        </p>
        <p className={styles.rowMeta}>
          {file.title ? <span className={styles.metaName}>{file.name}</span> : null}
          {file.source === 'site' && file.sourceUrl ? <span className={styles.metaName}>{file.sourceUrl}</span> : null}
          {file.size > 0 ? <span>{formatSize(file.size)}</span> : null}
          <time dateTime={file.uploadedAt}>{formatDate(file.uploadedAt)}</time>
        </p>
        {file.description ? <p className={styles.rowDescription}>{file.description}</p> : null}
        {file.status === 'failed' ? <p className={styles.rowError}>{file.statusReason || T.failedFallback}</p> : null}
      </div>
      <span className={styles.status} data-status={file.status}>
        {file.status === 'processing' ? <Spinner size={12} /> : <span className={styles.dot} aria-hidden="true" />}
        {T.status[file.status]}
      </span>
      <div className={styles.rowActions}>
        <IconButton
          onClick={onDownload}
          disabled={!canDownload || downloading}
          label={`${T.download} «${file.name}»`}
          title={T.download}
        >
          {downloading ? <Spinner size={16} /> : <DownloadIcon />}
        </IconButton>
        <IconButton tone="danger" onClick={onDelete} label={`${T.delete} «${file.name}»`} title={T.delete}>
          <TrashIcon size={18} />
        </IconButton>
      </div>
    </li>
  );
}
