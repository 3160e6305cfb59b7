import type { ComponentType } from 'react';

/**
 * Screens of other features shown inside the assistant pages (knowledge, triggers, notifications,
 * integration).
 * A feature never imports another one (CONVENTIONS), so app/ passes them in.
 */
export type AssistantSlot = ComponentType<{ assistantId: string }>;

export interface AssistantSlots {
  knowledge: AssistantSlot;
  triggers: AssistantSlot;
  notifications: AssistantSlot;
  integration: AssistantSlot;
}
