import type { AssistantList } from '@otklik/contract';
import { Select } from '@/shared/ui/select';
import type { StatisticsFilters } from '../api/statistics-api';
import { formatMonth } from '../lib/format';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.filters;

interface FiltersProps {
  value: StatisticsFilters;
  months: string[];
  assistants: AssistantList | undefined;
  onChange: (next: StatisticsFilters) => void;
}

/** The assistant (or all) and the month (the current one and the eleven before). */
export function Filters({ value, months, assistants, onChange }: FiltersProps) {
  return (
    <div className={styles.filters}>
      <Select
        label={T.assistant}
        value={value.assistantId}
        onChange={(e) => onChange({ ...value, assistantId: e.target.value })}
        options={[
          { value: '', label: T.allAssistants },
          ...(assistants ?? []).map((a) => ({ value: a.id, label: a.name || a.widget.botName })),
        ]}
      />
      <Select
        label={T.month}
        value={value.month}
        onChange={(e) => onChange({ ...value, month: e.target.value })}
        options={months.map((m, i) => ({ value: m, label: i === 0 ? T.current(formatMonth(m)) : formatMonth(m) }))}
      />
    </div>
  );
}
