// sockjs-client ships no types; the live connection needs only its constructor. Its prebuilt
// browser bundle is imported: the CommonJS sources read Node's `global`, which browsers lack.
declare module 'sockjs-client/dist/sockjs.min.js' {
  import type { IStompSocket } from '@stomp/stompjs';

  const SockJS: new (url: string, reserved?: null, options?: { transports?: string[] }) => IStompSocket;
  export default SockJS;
}
