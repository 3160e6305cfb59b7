import { describe, expect, it } from 'vitest';
import { smallTalk } from './small-talk';

const kind = (text: string) => smallTalk(text).talk?.kind;

describe('small talk', () => {
  it.each([
    'Позовите оператора',
    'соедините меня с менеджером, пожалуйста',
    'Хочу поговорить с живым человеком',
    'можно оператора?',
    'нужен менеджер',
    'Оператор!',
    'живой человек',
    'свяжите со специалистом',
    'Добрый день, переключите на сотрудника',
  ])('hears a request for a person in "%s"', (text) => {
    expect(kind(text)).toBe('operator');
  });

  it.each([
    'Нужен стол на 4 человека в субботу',
    'можно ли записаться к специалисту по массажу',
    'Можно оплатить картой сотруднику на месте?',
    'Сколько человек помещается в зал?',
    'Какой опыт у ваших специалистов?',
    'хочу записаться к мастеру на стрижку',
  ])('leaves the question "%s" to the knowledge base', (text) => {
    expect(kind(text)).toBeUndefined();
  });

  it('cuts a greeting off a real question and answers a bare greeting itself', () => {
    expect(smallTalk('Добрый день! Сколько стоит доставка?')).toEqual({ rest: 'Сколько стоит доставка?' });
    expect(kind('Здравствуйте')).toBe('greeting');
    expect(kind('спасибо большое')).toBe('thanks');
    expect(kind('У меня вопрос')).toBe('ask');
  });
});
