import { describe, expect, it } from 'vitest';
import { chatSpelling } from './retrieve';

describe('chatSpelling', () => {
  it('writes out question words as a chat spells them, and nothing else', () => {
    expect(chatSpelling('баллы на карту капают? скока там процентов капает? а кран капает')).toBe(
      'баллы на карту начисляются? сколько там процентов начисляются? а кран капает',
    );
    expect(chatSpelling('скока стоит? чё по срокам, щас открыты? Скоко ждать')).toBe(
      'сколько стоит? что по срокам, сейчас открыты? сколько ждать',
    );
    expect(chatSpelling('Скоро чёрный пиджак будет готов?')).toBe('Скоро чёрный пиджак будет готов?');
    // Cash as a chat says it; not a tax, not cashing a certificate.
    expect(chatSpelling('остаток налом отдать можно? наликом? Нал берёте? налог какой? обналичить сертификат')).toBe(
      'остаток наличными отдать можно? наличными? наличными берёте? налог какой? обналичить сертификат',
    );
    // Things as a chat shortens them, in the documents' words; "компания", "компот", "тачскрин" stay.
    expect(chatSpelling('ноут готов? по ноутам, за компом, акум от шуруповерта, аккумы, видос, телек, тачку')).toBe(
      'ноутбук готов? по ноутбукам, за компьютером, аккумулятор от шуруповерта, аккумуляторы, видео, телевизор, машину',
    );
    // The plural as the full word spells it; "видео" does not decline.
    expect(chatSpelling('ноуты, телеки, тачки, видосы')).toBe('ноутбуки, телевизоры, машины, видео');
    expect(chatSpelling('компания, компот, аккуратно, тачскрин, ноутбук')).toBe(
      'компания, компот, аккуратно, тачскрин, ноутбук',
    );
    // The particle "прям" names nothing; "прямую юбку" stays.
    expect(chatSpelling('подшить прям сегодня? а прямую юбку')).toBe('подшить сегодня? а прямую юбку');
    expect(chatSpelling('сколько очки выйдут? а сколько выходит в месяц? почем метр выходит?')).toBe(
      'сколько очки обойдется? а сколько обходится в месяц? почем метр обходится?',
    );
    expect(chatSpelling('когда выйдет мастер? насколько выйдет дороже? кошки и др.')).toBe(
      'когда выйдет мастер? насколько выйдет дороже? кошки и др.',
    );
    expect(chatSpelling('почем один на один с преподом? у меня др')).toBe(
      'почем индивидуально с преподом? у меня день рождения',
    );
    expect(chatSpelling('откуда можно самому забрать заказ? если сама приеду за покупками, дешевле? заберу сам')).toBe(
      'откуда можно самовывозом заказ? если самовывозом, дешевле? самовывозом',
    );
    expect(chatSpelling('есть чё-нить ночное? кто нить встретит? в чем лучше идти?')).toBe(
      'есть что-нибудь ночное? кто-нибудь встретит? в какой одежде прийти?',
    );
    expect(chatSpelling('чтонибудь на подошву ставите? какието скидки, сколько человек макс? Максим, макс. 5')).toBe(
      'что-нибудь на подошву ставите? какие-то скидки, сколько человек максимум? Максим, макс. 5',
    );
    expect(chatSpelling('Где можно оставить машину, когда приеду? поставить свою тачку есть где?')).toBe(
      'Где можно припарковаться, когда приеду? припарковаться есть где?',
    );
    expect(chatSpelling('ньюфа постричь, у ризена шерсть, цверги; резина, ризотто')).toBe(
      'ньюфаундленда постричь, у ризеншнауцера шерсть, цвергшнауцеры; резина, ризотто',
    );
    expect(chatSpelling('сменку брать? сменка нужна? а смену в лагере')).toBe(
      'сменная обувь брать? сменная обувь нужна? а смену в лагере',
    );
    // Square metres as documents write them; not a flat's number ("кв. 12") or a street.
    expect(chatSpelling('38 квадратов, почем за квадрат? за квадратный метр, 20 кв. м, 5 кв.м.')).toBe(
      '38 м², почем за м²? за м², 20 м², 5 м²',
    );
    expect(chatSpelling('ул. Ленина, д. 5, кв. 12; кв. Московский')).toBe('ул. Ленина, д. 5, кв. 12; кв. Московский');
    // The car said before, "её" or "их" stands for it; not a thing left elsewhere.
    expect(chatSpelling('приедем на двух машинах, где их оставить и это платно? куда тачку приткнуть?')).toBe(
      'приедем на двух машинах, где припарковаться и это платно? куда припарковаться?',
    );
    expect(chatSpelling('приеду на машине. Вещи где их оставить? куртку где её оставить')).toBe(
      'приеду на машине. Вещи где их оставить? куртку где её оставить',
    );
    // The last day of the year is the day the holiday hours name.
    expect(chatSpelling('в последний день года до скольки? а в канун Нового года? последний день месяца')).toBe(
      '31 декабря до скольки? а 31 декабря? последний день месяца',
    );
    expect(chatSpelling('запись на мк, мкшки для детей, МК по выпечке; мкад')).toBe(
      'запись на мастер-класс, мастер-класс для детей, мастер-класс по выпечке; мкад',
    );
    // "Едем" comes, it is no "еда".
    expect(chatSpelling('Едем на 4, в какой номер влезем? едете к нам?')).toBe(
      'приезжаем на 4, в какой номер влезем? приезжаем к нам?',
    );
    expect(chatSpelling('Приеду на машине — есть где встать? машину у вас бросить можно, пока забираю торт?')).toBe(
      'Приеду на машине — есть припарковаться? припарковаться можно, пока забираю торт?',
    );
    expect(chatSpelling('можем сами заехать забрать заказ, так дешевле?')).toBe('можем самовывозом, так дешевле?');
    expect(chatSpelling('я не ем мясо, что можно взять?')).toBe('я вегетарианец, что можно взять?');
    // Not a car left: "встать в очередь", a car brought for work.
    for (const other of ['Где встать в очередь?', 'Машину на ремонт когда пригнать?'])
      expect(chatSpelling(other)).toBe(other);
    // Not a pickup: "сам" of another verb, a child fetched, "забрать не смогу".
    for (const other of [
      'сам забор покрашу, а вы заберёте мусор?',
      'Я сама приеду за ребёнком в 19:00',
      'Сам забрать не смогу, доставите?',
    ])
      expect(chatSpelling(other)).toBe(other);
    // Without a car, on the way to the business: by public transport.
    expect(chatSpelling('Как к вам добраться без машины, на каком автобусе?')).toBe(
      'Как к вам добраться на общественном транспорте, на каком автобусе?',
    );
    expect(chatSpelling('мы без авто, на чём до вас доехать?')).toBe(
      'мы на общественном транспорте, на чём до вас доехать?',
    );
    // Not on the way: a car the visitor has none of, a wash.
    for (const other of ['Можно учиться без машины, на вашей?', 'Мойка без машины — это как?'])
      expect(chatSpelling(other)).toBe(other);
  });

  it('reads a long message in linear time: its look-behinds scan back only where their words begin', () => {
    // 4,000 characters, a car named first and no sentence's end: a scan back from every position
    // took 1.7 s here, once per rule.
    const long = `приеду на машине ${'слово '.repeat(660)}где её оставить?`;
    const started = performance.now();
    expect(chatSpelling(long)).toContain('где припарковаться?');
    expect(performance.now() - started).toBeLessThan(300);
  });
});
