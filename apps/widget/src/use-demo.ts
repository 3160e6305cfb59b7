import { useEffect } from 'preact/hooks';
import type { DemoMessage, WidgetMode } from './config';
import type { SetMessages } from './use-messages';

/** Spec §2.3: step n (1…4) appears at 0.5 s + 2 s × (n − 1); after the last, 3 s, then restart. */
export const DEMO_FIRST_MS = 500;
export const DEMO_STEP_MS = 2000;
export const DEMO_RESTART_MS = 3000;

export const DEFAULT_DEMO: DemoMessage[] = [
  { role: 'user', content: 'Здравствуйте! Сколько стоит доставка?' },
  { role: 'assistant', content: 'Доставка по городу — **300 ₽**, а при заказе от 3000 ₽ — *бесплатно*.' },
  { role: 'user', content: 'А можно забрать самому?' },
  {
    role: 'assistant',
    content: 'Конечно! Самовывоз из магазина на Ленина, 10:\n- пн–пт 10:00–20:00\n- сб–вс 11:00–18:00',
  },
];

/** Demo mode (the landing banner): the scripted conversation, looping. */
export function useDemo(
  mode: WidgetMode,
  script: DemoMessage[] | undefined,
  setMessages: SetMessages,
  setTyping: (typing: boolean) => void,
): void {
  // By value: the landing passes a new array on every render.
  const demoKey = JSON.stringify(script ?? DEFAULT_DEMO);
  useEffect(() => {
    if (mode !== 'demo') return;
    const steps = JSON.parse(demoKey) as DemoMessage[];
    const timers: ReturnType<typeof setTimeout>[] = [];
    const run = () => {
      setMessages(() => []);
      steps.forEach((m, n) => {
        const at = DEMO_FIRST_MS + DEMO_STEP_MS * n;
        // The assistant "types" for the second before each of its messages.
        if (m.role === 'assistant') timers.push(setTimeout(() => setTyping(true), Math.max(0, at - 1000)));
        timers.push(
          setTimeout(() => {
            setTyping(false);
            setMessages((list) => [...list, { key: `d${n}`, ...m }]);
          }, at),
        );
      });
      timers.push(setTimeout(run, DEMO_FIRST_MS + DEMO_STEP_MS * (steps.length - 1) + DEMO_RESTART_MS));
    };
    run();
    return () => {
      for (const t of timers) clearTimeout(t);
      setTyping(false);
    };
  }, [mode, demoKey, setMessages, setTyping]);
}
