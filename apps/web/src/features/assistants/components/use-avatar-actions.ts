import { useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { deleteAvatar, uploadAvatar } from '../api/widget-api';
import { withTimestamp } from '../lib/avatars';
import type { DesignState } from '../lib/design';
import { failureText } from '../lib/failure-text';
import { ASSISTANT_TEXTS as T } from '../ru';
import type { AvatarBusy } from './avatar-section';

/**
 * Avatar changes of spec §4/§5: upload a file, or a predefined avatar fetched by its URL and sent
 * as a file; delete. Each goes to the server at once and is skipped, with a console warning, when
 * there is no widget id.
 */
export function useAvatarActions(widgetId: string | null, onChange: (patch: Partial<DesignState>) => void) {
  const [busy, setBusy] = useState<AvatarBusy>(null);

  const run = async (kind: Exclude<AvatarBusy, null>, action: (id: string) => Promise<void>, failure: string) => {
    if (!widgetId) {
      console.warn('Аватар не изменён: нет id виджета');
      return;
    }
    setBusy(kind);
    try {
      await action(widgetId);
    } catch (error) {
      showAlert(failureText(error, failure), 'error');
    } finally {
      setBusy(null);
    }
  };

  const upload = (id: string, file: Blob | null) => {
    if (!file || file.size === 0) throw new Error(T.noAvatarSource);
    return uploadAvatar(id, file).then(({ uri }) => onChange({ logoUrl: withTimestamp(uri) }));
  };

  return {
    busy,
    upload: (file: File) => run('upload', (id) => upload(id, file), T.avatarUploadError),
    pick: (url: string) =>
      run(
        'pick',
        async (id) => {
          const res = await fetch(url);
          if (!res.ok) throw new Error(T.noAvatarSource);
          const blob = await res.blob();
          const name = url.split('/').pop()?.split('?')[0] || 'avatar';
          await upload(id, new File([blob], name, { type: blob.type }));
        },
        T.avatarUploadError,
      ),
    remove: () =>
      run(
        'remove',
        async (id) => {
          await deleteAvatar(id);
          onChange({ logoUrl: null });
        },
        T.avatarDeleteError,
      ),
  };
}
