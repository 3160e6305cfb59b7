import { ANSWER_TEXTS } from './texts';

export type SmallTalkKind = 'greeting' | 'ask' | 'thanks' | 'goodbye' | 'operator' | 'identity';

export interface SmallTalk {
  kind: SmallTalkKind;
  reply: string;
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const GREETING =
  /^(?:здравствуйте|здравствуй|здрасте|здрасьте|привет(?:ствую)?|добрый (?:день|вечер|утро)|доброе утро|доброй ночи|доброго (?:времени суток|дня|вечера)|день добрый|хай|салют|hello|hi)(?![\p{L}\p{N}])[\s,!.)-]*/u;
const ASK =
  /^(?:(?:у меня|есть|можно|хочу задать|хотел(?:а)? (?:бы )?задать|такой) (?:(?:к вам|один|небольшой) )?вопрос(?:ик)?|(?:мне )?нужна (?:ваша )?помощь|помогите(?: пожалуйста)?|(?:вы )?можете помочь|подскажите(?: пожалуйста)?|вопрос|есть кто(?: нибудь| живой)?)(?: пожалуйста)?$/;
const THANKS =
  /^(?:большое |огромное )?(?:спасибо|благодарю|спс|thank you|thanks)(?: (?:большое|огромное|вам|за помощь|за ответ|понятно|все понятно|хорошо|ок))*$/;
const OK = /^(?:ок|окей|ok|хорошо|понятно|ясно|понял|поняла|отлично|супер|ладно)(?: спасибо)?$/;
const GOODBYE = /^(?:до свидания|пока|всего доброго|всего хорошего|до встречи|хорошего дня)$/;
// Asking for a person: a verb of calling or connecting with a person a few words on ("соедините
// меня с оператором", "хочу поговорить с живым человеком"), a wish put straight on one
// ("нужен менеджер", "можно оператора?"), or the word alone. A person inside a question about
// the business is not a request: "стол на 4 человека", "записаться к специалисту".
const PERSON = '(?:оператор|менеджер|человек|специалист|сотрудник|консультант|администратор)';
const OPERATOR_CALL = new RegExp(
  `(?:^|\\s)(?:позов|позва|соедин|переключ|перевед|свяж|связат|поговор|пообща|общат|говорит)\\S*(?: \\S+){0,3}? (?:с |со )?(?:живым |живой |живого |вашим |вашего )?${PERSON}\\S*`,
);
const OPERATOR_WISH =
  /(?:^|\s)(?:хочу|нужен|нужна|нужно|дайте|можно|прошу|требуется)(?: (?:мне|бы|пожалуйста))* (?:живого |живой |вашего )?(?:оператор|менеджер|человек)(?:а|у|ом)?(?:$|\s)/;
const OPERATOR_ALONE = new RegExp(`^(?:живой |живого )?${PERSON}(?:а|у|ом)?(?: пожалуйста)?$`);
const asksForPerson = (t: string) => OPERATOR_CALL.test(t) || OPERATOR_WISH.test(t) || OPERATOR_ALONE.test(t);
const IDENTITY = /^(?:(?:ты|вы) (?:бот|робот|человек|живой|нейросеть|ии)|это бот|с кем я (?:говорю|общаюсь))$/;

/**
 * Conversation that is not a question about the business: greetings, "I have a question",
 * thanks, goodbyes, asking for a person. Answered without the knowledge base (and never
 * handed off as "unknown"). A greeting in front of a real question is cut off and the rest is
 * returned as `rest`, e.g. "Добрый день! Сколько стоит доставка?".
 */
export function smallTalk(text: string, greeting?: string): { talk?: SmallTalk; rest: string } {
  let t = normalize(text);
  let greeted = false;
  for (let i = 0; i < 2; i++) {
    const m = GREETING.exec(t);
    if (!m) break;
    greeted = true;
    t = t.slice(m[0].length).trim();
  }
  if (!t) return { talk: { kind: 'greeting', reply: greeting?.trim() || ANSWER_TEXTS.greeting }, rest: '' };
  if (asksForPerson(t) && t.split(' ').length <= 12)
    return { talk: { kind: 'operator', reply: ANSWER_TEXTS.operatorRequested }, rest: '' };
  if (ASK.test(t)) return { talk: { kind: 'ask', reply: ANSWER_TEXTS.askQuestion }, rest: '' };
  if (THANKS.test(t) || OK.test(t)) return { talk: { kind: 'thanks', reply: ANSWER_TEXTS.thanks }, rest: '' };
  if (GOODBYE.test(t)) return { talk: { kind: 'goodbye', reply: ANSWER_TEXTS.goodbye }, rest: '' };
  if (IDENTITY.test(t)) return { talk: { kind: 'identity', reply: ANSWER_TEXTS.botIdentity }, rest: '' };
  return { rest: greeted ? stripGreeting(text) : text };
}

/** The original text without its leading greeting (case and punctuation of the rest kept). */
function stripGreeting(text: string): string {
  const lower = text.toLowerCase().replace(/ё/g, 'е');
  const m =
    /^\s*(?:здравствуйте|здравствуй|здрасте|здрасьте|привет(?:ствую)?|добрый (?:день|вечер|утро)|доброе утро|доброй ночи|доброго (?:времени суток|дня|вечера)|день добрый|хай|салют|hello|hi)(?![\p{L}\p{N}])[\s,!.)-]*/u.exec(
      lower,
    );
  return m ? text.slice(m[0].length).trim() || text : text;
}
