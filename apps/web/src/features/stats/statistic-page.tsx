import { PlaceholderPage } from '@/shared/ui/placeholder-page';

/** Placeholder until its own issue builds this screen. */
export default function StatisticPage() {
  return <PlaceholderPage title="Статистика за текущий месяц" />;
}
