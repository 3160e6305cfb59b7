import { VISITOR_TEXTS } from '@otklik/contract';

/** What the answerer says to visitors; one place, so a test can check them. */
export const ANSWER_TEXTS = {
  /** Spec §8: the answer when the model fails or times out. */
  fallback: VISITOR_TEXTS.fallbackAnswer,
  /** No confident answer in the knowledge: a person takes over (ARCHITECTURE §4). */
  handoff: 'Я передам ваш вопрос специалисту — он ответит вам здесь, в этом чате, как только освободится.',
  /** The visitor asked for a person. */
  operatorRequested: 'Хорошо, я позову специалиста — он ответит вам здесь, в этом чате, как только освободится.',
  greeting: 'Здравствуйте! Чем могу помочь?',
  askQuestion: 'Конечно! Задайте ваш вопрос, и я постараюсь помочь.',
  thanks: 'Пожалуйста! Если появятся ещё вопросы — пишите.',
  goodbye: 'Всего доброго! Будем рады помочь снова.',
  botIdentity: 'Я виртуальный помощник и отвечаю по материалам компании. Если нужно, позову специалиста.',
} as const;
