import { DEFAULT_DESIGN, type DemoMessage, mountWidget, type WidgetHandle } from '@otklik/widget';
import { useEffect, useRef } from 'react';
import styles from './widget-demo.module.css';

/** Spec §2.3: the landing preview shows the default bot name and role. */
const DEMO_DESIGN = {
  ...DEFAULT_DESIGN,
  botName: 'Артем',
  botRole: 'Консультант',
  greeting: 'Здравствуйте! Я Артем. Подскажу по заказу, доставке и оплате.',
  accentColor: '#4f46e5',
  messageColor: '#eef0fb',
  predefinedQuestions: ['Сколько стоит доставка?', 'Где вы находитесь?', 'Есть скидки?'],
};

/** A dialogue of a flower shop: the kind of questions a small business answers every day. */
const DEMO_MESSAGES: DemoMessage[] = [
  { role: 'user', content: 'Здравствуйте! Успеете доставить букет сегодня к 18:00?' },
  {
    role: 'assistant',
    content:
      'Да, успеем! Заказы до **15:00** доставляем в тот же день. Доставка по городу — 350 ₽, от 3 000 ₽ — бесплатно.',
  },
  { role: 'user', content: 'А оплатить можно при получении?' },
  {
    role: 'assistant',
    content: 'Конечно. Можно оплатить:\n- картой или по СБП курьеру\n- онлайн на сайте\n\nОформить заказ?',
  },
];

/** The real widget component in demo mode (ARCHITECTURE §1): the same tree customers embed. */
export function WidgetDemo() {
  const host = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let handle: WidgetHandle | undefined = mountWidget(element, {
      mode: 'demo',
      design: DEMO_DESIGN,
      demoMessages: DEMO_MESSAGES,
      inline: true,
    });
    return () => {
      handle?.destroy();
      handle = undefined;
    };
  }, []);
  return <section ref={host} className={styles.host} aria-label="Пример чата с ИИ-ассистентом" />;
}
