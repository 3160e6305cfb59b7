import { CreateIntegrationPage } from '@/features/assistants/create-integration-page';
import { assistantSlots } from './assistant-slots';

/** /assistant/create/integration: step 3 shows the integration and notification panels for the new assistant. */
export default function CreateIntegrationRoute() {
  return <CreateIntegrationPage Panel={assistantSlots.integration} Notifications={assistantSlots.notifications} />;
}
