import { AssistantEditPage } from '@/features/assistants/assistant-edit-page';
import { assistantSlots } from './assistant-slots';

/** /dashboard/assistants/{id}: the edit page with the knowledge, triggers, notifications and integration tabs. */
export default function AssistantEditRoute() {
  return <AssistantEditPage slots={assistantSlots} />;
}
