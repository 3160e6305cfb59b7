import { lazy } from 'react';
import type { AssistantSlots } from '@/features/assistants/lib/slots';

/**
 * The screens of other features inside the assistant pages. A feature never imports another one,
 * so they meet here; each loads only when its tab opens.
 */
export const assistantSlots: AssistantSlots = {
  knowledge: lazy(() => import('@/features/knowledge/knowledge-tab').then((m) => ({ default: m.KnowledgeTab }))),
  triggers: lazy(() => import('@/features/triggers/triggers-tab').then((m) => ({ default: m.TriggersTab }))),
  notifications: lazy(() =>
    import('@/features/notifications/notifications-panel').then((m) => ({ default: m.NotificationsPanel })),
  ),
  integration: lazy(() =>
    import('@/features/integration/integration-panel').then((m) => ({ default: m.IntegrationPanel })),
  ),
};
