import { SITE_NAME } from '@otklik/contract/site-constants';
import { useEffect } from 'react';

/** The tab title of a page that has no public meta of its own (cabinet, service pages). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${SITE_NAME}`;
  }, [title]);
}
