import { describe, expect, it } from 'vitest';
import { matchesText, stems } from './matcher';
import { combineOutcome, type FiredTrigger } from './run';

describe('stop-word matching on word forms', () => {
  it('fires "жалоба" on its other forms, whatever the case', () => {
    for (const text of ['Это жалоба', 'У меня жалобы', 'Хочу оставить ЖАЛОБУ!', 'с жалобой', 'о Жалобах']) {
      expect(matchesText(text, ['жалоба']), text).toEqual(['жалоба']);
    }
  });

  it('matches a stop-word written in another form or case than the message', () => {
    expect(matchesText('Где мой возврат?', ['Возврата'])).toEqual(['Возврата']);
    expect(matchesText('оформите возврат денег', ['возврат'])).toEqual(['возврат']);
  });

  it('treats ё and е alike', () => {
    expect(matchesText('Ёлки зелёные', ['елка'])).toEqual(['елка']);
  });

  it('compares whole stems, never prefixes', () => {
    expect(matchesText('Где моё судно?', ['суд'])).toEqual([]);
    expect(matchesText('Подам в суд', ['суд'])).toEqual(['суд']);
    expect(matchesText('Пойду в судом', ['суд'])).toEqual(['суд']);
  });

  it('matches a phrase only when its words stand together', () => {
    expect(matchesText('Позовите живого оператора', ['живой оператор'])).toEqual(['живой оператор']);
    expect(matchesText('Живой и весёлый оператор', ['живой оператор'])).toEqual([]);
  });

  it('ignores punctuation around words and matches Latin words by their English stem', () => {
    expect(matchesText('Refunds, please!!!', ['refund'])).toEqual(['refund']);
    expect(matchesText('...мошенники!!!', ['мошенник'])).toEqual(['мошенник']);
  });

  it('reports every matched stop-word as the owner wrote it, and nothing for an unrelated text', () => {
    expect(matchesText('Жалоба на доставку и возврат', ['возврат', 'жалоба', 'скидка'])).toEqual(['возврат', 'жалоба']);
    expect(matchesText('Сколько стоит доставка?', ['жалоба', 'возврат'])).toEqual([]);
  });

  it('never fires on a stop-word without letters or digits', () => {
    expect(matchesText('!!!', ['!!!'])).toEqual([]);
    expect(stems('  ')).toEqual([]);
  });
});

const fired = (action: FiredTrigger['action'], customAnswer = ''): FiredTrigger => ({
  id: action,
  name: action,
  action,
  customAnswer,
  matched: ['жалоба'],
});

describe('what each action tells the pipeline (spec §4)', () => {
  it('STOP_AND_NOTIFY stops the conversation without an answer', () => {
    expect(combineOutcome([fired('STOP_AND_NOTIFY')])).toEqual({ stop: true });
  });

  it('CONTINUE_AND_NOTIFY lets the bot answer as usual', () => {
    expect(combineOutcome([fired('CONTINUE_AND_NOTIFY')])).toEqual({});
  });

  it('CUSTOM_ANSWER_NOTIFY_CONTINUE and CUSTOM_ANSWER_AND_CONTINUE answer with the custom text and go on', () => {
    expect(combineOutcome([fired('CUSTOM_ANSWER_NOTIFY_CONTINUE', 'Передали менеджеру')])).toEqual({
      reply: 'Передали менеджеру',
    });
    expect(combineOutcome([fired('CUSTOM_ANSWER_AND_CONTINUE', 'Вот ссылка')])).toEqual({ reply: 'Вот ссылка' });
  });

  it('CUSTOM_ANSWER_NOTIFY_STOP answers with the custom text and stops', () => {
    expect(combineOutcome([fired('CUSTOM_ANSWER_NOTIFY_STOP', 'С вами свяжутся')])).toEqual({
      reply: 'С вами свяжутся',
      stop: true,
    });
  });

  it('with several fired triggers the first custom answer wins and any stop stops', () => {
    expect(
      combineOutcome([
        fired('CONTINUE_AND_NOTIFY'),
        fired('CUSTOM_ANSWER_AND_CONTINUE', 'Первый'),
        fired('CUSTOM_ANSWER_NOTIFY_STOP', 'Второй'),
      ]),
    ).toEqual({ reply: 'Первый', stop: true });
  });
});
