/**
 * Conversations: the only owner of visitors and messages. Every message, whoever wrote it and
 * whichever channel it came by, enters through appendMessage (visitor messages through the
 * pipeline, handleIncomingMessage) and is published as one bus event; the chats screen, the
 * visitor API and (later) Telegram are readers and commands over this module.
 */

export { type AlertHook, alertOwner, type OwnerAlert, setAlertHook } from './alert-hook';
export {
  ATTACHMENT_FILE,
  attachmentKey,
  attachmentMime,
  removeConversationFiles,
  storeAttachment,
} from './attachments';
export { type ChannelHook, type Outbound, setChannelHook } from './channel-hook';
export {
  appendMessage,
  appendOperatorMessage,
  requestPhone,
  saveVisitorPhone,
  setPaused,
} from './conversation';
export {
  type ConversationEvent,
  type MessagePayload,
  subscribeAssistant,
  subscribeConversation,
} from './events';

export {
  handleIncomingMessage,
  type IncomingMessage,
  messagesInFlight,
  type PipelineResult,
  startConversationEngine,
} from './pipeline';
export {
  chatVisitors,
  findVisitor,
  HISTORY_LIMIT,
  lastMessages,
  listMessages,
  type MessageRow,
  type StoredMessage,
  type VisitorRow,
  visitorOfOwner,
} from './store';
export { ENGINE_TEXTS } from './texts';
export {
  setTriggerHook,
  type TriggerHook,
  type TriggerHookContext,
  type TriggerOutcome,
} from './trigger-hook';
export {
  createWebVisitor,
  forgetVisitorCredentials,
  type TelegramPerson,
  telegramVisitor,
  visitorDisplayName,
  webVisitorIdOfToken,
  webVisitorOfToken,
} from './visitors';
