import {
  FRAME_TOO_LARGE,
  FrameError,
  FrameReader,
  heartBeats,
  MAX_FRAME_BYTES,
  negotiateVersion,
  type StompFrame,
  type StompVersion,
  serializeFrame,
} from './stomp-frames';

/** What a session needs from the outside: the SockJS connection and the owner-side rules. */
export interface SessionTransport {
  write(text: string): void;
  close(): void;
}

export interface SessionRules {
  /** Our heart-beat period both ways (CONNECTED `heart-beat:10000,10000` by default, as Spring's simple broker). */
  heartbeatMs: number;
  /** The owner of a token (Authorization: Bearer … or passcode), or undefined. */
  authenticate(token: string): Promise<{ userId: string } | undefined>;
  /** An error text when this owner may not subscribe to the destination, else undefined. */
  authorize(userId: string, destination: string): Promise<string | undefined>;
  subscribed(session: StompSession, destination: string): void;
  unsubscribed(session: StompSession, destination: string): void;
  closed(session: StompSession): void;
}

/** A client silent for this many of its heart-beat periods is gone. */
const MISSED_BEATS = 3;

export const LIVE_ERRORS = {
  notConnected: 'Сначала нужен кадр CONNECT',
  unauthorized: 'Требуется авторизация: токен владельца в заголовке Authorization',
  revoked: 'Сеанс завершён: войдите снова',
  version: 'Поддерживаются версии STOMP 1.0, 1.1 и 1.2',
  send: 'Отправка сообщений через этот канал не поддерживается',
  subscriptionId: 'В кадре SUBSCRIBE нужен заголовок id',
  alreadyConnected: 'Сеанс уже открыт',
  heartbeat: 'Нет heart-beat от клиента',
  internal: 'Внутренняя ошибка сервера',
  restarting: 'Сервер перезапускается, подключитесь снова',
  malformed: 'Некорректный кадр',
} as const;

let sessionSeq = 0;

/**
 * One STOMP session over one SockJS connection: CONNECT with the owner's token, then
 * SUBSCRIBE / UNSUBSCRIBE to the topics of the owner's assistants; anything wrong is an ERROR
 * frame (with a `message` header) and the end of the session, as in Spring's simple broker.
 */
export class StompSession {
  readonly id = `s${++sessionSeq}`;
  userId: string | undefined;
  version: StompVersion = '1.2';
  /** subscription id → destination */
  readonly subscriptions = new Map<string, string>();
  private readonly reader = new FrameReader(() => this.version);
  private connecting = false;
  private closed = false;
  private lastHeard = Date.now();
  private sendTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private messageSeq = 0;
  /** Frames are handled one after another: a SUBSCRIBE waits for the CONNECT before it. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly transport: SessionTransport,
    private readonly rules: SessionRules,
  ) {}

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Text from the client (one SockJS message: frames, parts of frames, heart-beats). */
  receive(text: string): void {
    if (this.closed) return;
    this.lastHeard = Date.now();
    if (Buffer.byteLength(text, 'utf8') > MAX_FRAME_BYTES + 16) {
      this.fail(FRAME_TOO_LARGE);
      return;
    }
    let frames: StompFrame[];
    try {
      frames = this.reader.push(text).frames;
    } catch (err) {
      this.fail(err instanceof FrameError ? err.message : LIVE_ERRORS.malformed);
      return;
    }
    for (const frame of frames) this.queue = this.queue.then(() => this.handle(frame));
  }

  /** Delivers a message of a destination to every subscription of this session that follows it. */
  deliver(destination: string, body: string): void {
    if (this.closed || !this.userId) return;
    for (const [id, dest] of this.subscriptions) {
      if (dest !== destination) continue;
      this.send({
        command: 'MESSAGE',
        headers: {
          destination,
          subscription: id,
          'message-id': `${this.id}-${++this.messageSeq}`,
          'content-type': 'application/json;charset=UTF-8',
        },
        body,
      });
    }
  }

  /** Ends the session with an ERROR frame carrying `message`, then closes the connection. */
  fail(message: string, receiptId?: string): void {
    if (this.closed) return;
    this.send({
      command: 'ERROR',
      headers: {
        message,
        'content-type': 'text/plain;charset=UTF-8',
        ...(receiptId ? { 'receipt-id': receiptId } : {}),
      },
      body: message,
    });
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sendTimer);
    clearInterval(this.checkTimer);
    for (const dest of this.subscriptions.values()) this.rules.unsubscribed(this, dest);
    this.subscriptions.clear();
    this.rules.closed(this);
    this.transport.close();
  }

  private send(frame: StompFrame): void {
    if (this.closed) return;
    this.transport.write(serializeFrame(frame, this.version));
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send({ command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.closed) return;
    try {
      await this.dispatch(frame);
    } catch {
      this.fail(LIVE_ERRORS.internal);
    }
  }

  private async dispatch(frame: StompFrame): Promise<void> {
    const { command, headers } = frame;
    if (command === 'CONNECT' || command === 'STOMP') return this.connect(frame);
    if (!this.userId) return this.fail(LIVE_ERRORS.notConnected, headers.receipt);
    switch (command) {
      case 'SUBSCRIBE': {
        const destination = headers.destination ?? '';
        const id = headers.id ?? (this.version === '1.0' ? destination : undefined);
        if (!id) return this.fail(LIVE_ERRORS.subscriptionId, headers.receipt);
        const refused = await this.rules.authorize(this.userId, destination);
        if (this.closed) return;
        if (refused) return this.fail(refused, headers.receipt);
        const previous = this.subscriptions.get(id);
        if (previous) this.rules.unsubscribed(this, previous);
        this.subscriptions.set(id, destination);
        this.rules.subscribed(this, destination);
        return this.receipt(frame);
      }
      case 'UNSUBSCRIBE': {
        const id = headers.id ?? (this.version === '1.0' ? headers.destination : undefined) ?? '';
        const destination = this.subscriptions.get(id);
        if (destination) {
          this.subscriptions.delete(id);
          this.rules.unsubscribed(this, destination);
        }
        return this.receipt(frame);
      }
      case 'DISCONNECT':
        this.receipt(frame);
        return this.close();
      case 'SEND':
        return this.fail(LIVE_ERRORS.send, headers.receipt);
      default:
        // ACK, NACK and transactions: nothing to do with topics of a simple broker.
        return this.receipt(frame);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    if (this.userId || this.connecting) return this.fail(LIVE_ERRORS.alreadyConnected);
    const version = negotiateVersion(frame.headers['accept-version']);
    if (!version) {
      this.version = '1.2';
      return this.fail(LIVE_ERRORS.version);
    }
    this.version = version;
    const auth = frame.headers.Authorization ?? frame.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : frame.headers.passcode;
    this.connecting = true;
    const owner = token ? await this.rules.authenticate(token) : undefined;
    this.connecting = false;
    if (this.closed) return;
    if (!owner) return this.fail(LIVE_ERRORS.unauthorized);
    this.userId = owner.userId;
    const server = { send: this.rules.heartbeatMs, expect: this.rules.heartbeatMs };
    const beats = heartBeats(frame.headers['heart-beat'], server);
    this.send({
      command: 'CONNECTED',
      headers: {
        version,
        'heart-beat': `${server.send},${server.expect}`,
        server: 'Otklik/1.0',
        session: this.id,
      },
      body: '',
    });
    if (beats.send > 0) this.sendTimer = setInterval(() => this.transport.write('\n'), beats.send);
    if (beats.expect > 0) {
      this.checkTimer = setInterval(
        () => {
          if (Date.now() - this.lastHeard > MISSED_BEATS * beats.expect) this.fail(LIVE_ERRORS.heartbeat);
        },
        Math.max(50, Math.floor(beats.expect / 2)),
      );
    }
    this.receipt(frame);
  }
}
