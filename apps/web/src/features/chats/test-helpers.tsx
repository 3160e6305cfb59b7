import type { ChatMessage, ChatVisitor } from '@otklik/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resetUnauthorizedHandling } from '@/shared/api/client';
import { resetSession } from '@/shared/api/session';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import type { ApiPeer } from '@/test/api-peer';
import { ChatsScreen } from './chats-screen';
import type { LiveConnection, OpenLiveConnection } from './lib/live-connection';

export const A = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const CHATS = `/api/assistant/${A}/chats`;
export const HISTORY = '/api/assistant/messages';
export const SEND = `/api/assistant/messages/${A}`;

export const visitor = (over: Partial<ChatVisitor> = {}): ChatVisitor => ({
  id: crypto.randomUUID(),
  type: 'web',
  name: null,
  firstName: null,
  lastName: null,
  tgUsername: null,
  email: null,
  phone: null,
  isPaused: false,
  lastMessageAt: '2026-03-14T09:30:00.000Z',
  messageCount: 2,
  lastMessage: null,
  ...over,
});

export const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: crypto.randomUUID(),
  role: 'user',
  content: 'Здравствуйте',
  createdAt: Date.parse('2026-03-14T09:30:00.000Z') / 1000,
  author: 'visitor',
  ...over,
});

/** A live channel the test drives: it records the topics listened to and delivers bodies to them. */
export function fakeLive() {
  const listeners = new Map<string, Set<(body: unknown) => void>>();
  const readies = new Map<string, Set<() => void>>();
  const state = { opened: 0, closed: 0 };
  const open: OpenLiveConnection = (): LiveConnection => {
    state.opened += 1;
    return {
      subscribe(topic, onMessage, onReady) {
        const set = listeners.get(topic) ?? new Set();
        set.add(onMessage);
        listeners.set(topic, set);
        const ready = readies.get(topic) ?? new Set();
        if (onReady) ready.add(onReady);
        readies.set(topic, ready);
        return () => {
          set.delete(onMessage);
          if (onReady) ready.delete(onReady);
        };
      },
      close() {
        state.closed += 1;
      },
    };
  };
  return {
    open,
    state,
    topics: () => [...listeners].filter(([, set]) => set.size > 0).map(([topic]) => topic),
    /** The server confirms the topic's subscription (on connect, or after a reconnect). */
    ready(topic: string) {
      act(() => {
        for (const onReady of readies.get(topic) ?? []) onReady();
      });
    },
    emit(topic: string, body: unknown) {
      act(() => {
        for (const listener of listeners.get(topic) ?? []) listener(body);
      });
    },
  };
}

/** The screen on the peer's origin, in a router (the back button navigates), with the alerts. */
export function renderChats(peer: ApiPeer, live = fakeLive(), search = '') {
  window.happyDOM.setURL(`${peer.origin}/dashboard/assistants/${A}/chats${search}`);
  resetSession();
  resetUnauthorizedHandling();
  clearAlerts();
  const router = createMemoryRouter(
    [
      { path: '/dashboard/assistants/:id/chats', element: <ChatsScreen assistantId={A} openLive={live.open} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/dashboard/assistants/${A}/chats${search}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertHost />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), live, router, client };
}
