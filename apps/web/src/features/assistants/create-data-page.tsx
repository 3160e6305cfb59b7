import { PlaceholderPage } from '@/shared/ui/placeholder-page';

/** Placeholder until its own issue builds this screen. */
export default function CreateDataPage() {
  return <PlaceholderPage title="Данные ассистента" />;
}
