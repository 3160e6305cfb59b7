import { CreateIntegrationPage } from '@/features/assistants/create-integration-page';
import { assistantSlots } from './assistant-slots';

/** /assistant/create/integration: step 3 shows the integration panel for the new assistant. */
export default function CreateIntegrationRoute() {
  return <CreateIntegrationPage Panel={assistantSlots.integration} />;
}
