/**
 * The live channel (spec §7 "Chat monitoring", ARCHITECTURE §5): STOMP over SockJS at
 * /ws-endpoint, the owner's live view of the conversations module's events.
 */
export { attachLiveEndpoint } from './endpoint';
export type { LiveHub } from './hub';
