import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { PageHeader } from './page-header';

/**
 * A screen whose own issue is not done yet: the layout and the page's heading, nothing that
 * pretends to work.
 */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return <PageHeader title={title} />;
}
