import { PlaceholderPage } from '@/shared/ui/placeholder-page';

/** Placeholder until its own issue builds this screen. */
export default function AssistantsPage() {
  return <PlaceholderPage title="Мои ассистенты" />;
}
