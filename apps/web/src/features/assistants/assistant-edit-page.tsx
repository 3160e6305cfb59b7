import { PlaceholderPage } from '@/shared/ui/placeholder-page';

/** Placeholder until its own issue builds this screen. */
export default function AssistantEditPage() {
  return <PlaceholderPage title="Редактирование ассистента" />;
}
