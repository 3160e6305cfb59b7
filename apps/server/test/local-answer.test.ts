import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asksForJob,
  composeLocalAnswer,
  offersJob,
  surnameWords,
  THRESHOLDS,
  withFigures,
} from '../src/modules/answerer/local-answer';
import { retrieve } from '../src/modules/retrieval/retrieve';
import { createOwner } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { createAssistant, indexedFile } from './knowledge-helpers';

/**
 * The local answerer on passages of prose (what XQuAD-ru measures in bench/src/engine.bench.ts):
 * which sentence answers, and when a question is answered at all.
 */
let server: TestServer;
let assistantId: string;

/** Passages of an encyclopaedia, as a knowledge base of prose (heading: the article). */
/** A page naming its parts twice, the second name in brackets. */
const TURBINE = [
  {
    heading: 'Турбина',
    content:
      'Турбина собрана из нескольких роторов (вращающихся дисков) на общем валу, между которыми стоят статоры (неподвижные диски), закреплённые на корпусе. ' +
      'Пар проходит через диски по очереди и отдаёт валу свою энергию.',
  },
  {
    heading: 'Возврат',
    content:
      'Покупку можно вернуть в течение 14 дней, если сохранены товарный вид, действительность гарантийного талона, ' +
      'соответствие серийных номеров, отсутствие следов эксплуатации, действительность чека и документы об оплате, ' +
      'комплектность, инструкции и все аксессуары из коробки, а также наклейки, бирки и ярлыки, которые были на ' +
      'товаре в день продажи в нашем магазине, а приставки к ТВ, по правилам производителя, принимаются только в ' +
      'заводской плёнке с пломбами.',
  },
  {
    heading: 'Приборы',
    content:
      'Самым полезным прибором для проверки паровых котлов на заводах, в депо и на судах речного флота всей страны является манометр парового котла с трубкой Бурдона. ' +
      'Ранние версии были внедрены к 1849 году, а удачную модель сделал Эжен Бурдон. ' +
      'Корпус прибора обычно латунный, а шкала размечена в атмосферах. ' +
      'Манометр парового котла показывает давление пара на протяжении всего цикла работы машины.',
  },
  {
    heading: 'Амазония',
    content:
      'Дождевые леса Амазонии — основа всей экосистемы Южной Америки: они растут в бассейне великой реки ' +
      'и её притоков, на землях Бразилии, Перу, Колумбии, Венесуэлы, Эквадора, Боливии и ещё трёх стран, от ' +
      'подножия Анд до самого океана, и дают приют ягуарам, ленивцам и тысячам птиц. ' +
      'Амазония хранит более половины оставшихся на Земле дождевых лесов.',
  },
];

const PASSAGES = [
  {
    heading: 'Реформация',
    content:
      'Лефевр преподавал долгие годы, и студенты, которые приходили к нему со всей страны, вспоминали его лекции как самые ясные и самые строгие из всех, что им довелось слушать. ' +
      'Лефевр преподавал богословие и философию в Сорбонне, где его слушали будущие вожди реформации, а его переводы Писания читали далеко за пределами университетских стен.',
  },
  {
    heading: 'Финал сезона',
    content:
      'В четвёртом периоде защитник отобрал мяч у Ньютона и передал его Уарду, который вернул его на пять ярдов. ' +
      'Тренер позже назвал эту потерю решающей для исхода всей встречи.',
  },
  {
    heading: 'Гипербарическая медицина',
    content:
      'В гипербарической медицине специальные кислородные камеры используются для повышения парциального давления ' +
      'кислорода вокруг пациента и, при необходимости, медицинского персонала. ' +
      'Эти устройства применяются для лечения отравления угарным газом, газовой гангрены и декомпрессионной болезни. ' +
      'Повышенная концентрация кислорода в лёгких помогает вытеснить угарный газ из гемоглобина.',
  },
  { heading: 'Стадион', content: 'Стадион вмещает семьдесят тысяч зрителей и открыт с 2014 года.' },
  { heading: 'Погода', content: 'Зимой в городе идёт снег, летом бывает жарко и сухо.' },
  {
    heading: 'Парламент союза',
    content:
      'На практике равенство и демократия в союзе несовершенны, поскольку избранные депутаты парламента не могут ' +
      'начинать законодательство против воли комиссии а граждане самых малых стран имеют в десять раз больший вес ' +
      'на выборах в парламент по сравнению с гражданами самых больших стран союза и это давно обсуждают политики ' +
      'и исследователи европейских институтов.',
  },
  {
    heading: 'Пекарня',
    content:
      'Основательница сети Анна Соколова, открывшая первую пекарню на Садовой улице ещё в две тысячи восьмом году ' +
      'и с тех пор открывшая ещё четыре пекарни в разных районах города, предложила выдавать постоянным гостям ' +
      'именную карту, как это принято в программе лояльности «Хлебный друг», когда держатели получают каждый ' +
      'шестой кофе бесплатно.\n' +
      'Ирина Белова, шеф-пекарь с двадцатилетним стажем, которая училась во Франции, каждую субботу ведёт ' +
      'мастер-классы по выпечке хлеба на закваске для взрослых и подростков, а по воскресеньям их продолжает ' +
      'программа для постоянных гостей «Хлебный друг», где пекут круассаны, бриоши, багеты и рождественский ' +
      'штоллен по старинным рецептам. При записи на мастер-класс назовите фамилию и телефон.',
  },
];

/** A small business's passages: its hours and terms, its staff. */
const BUSINESS = [
  {
    heading: 'Доставка',
    content:
      'Доставляем воду с понедельника по субботу с 8:00 до 22:00. В воскресенье доставки нет. ' +
      'Курьер поднимает воду на этаж бесплатно, если в доме есть лифт.',
  },
  {
    heading: 'Связь',
    content:
      'Новости и акции публикуем в Telegram, туда же можно писать в любое время.\nКанал для заказов: @voda_samara_bot.',
  },
  {
    heading: 'Оборудование',
    content: 'Ультразвуковой скалер Woodpecker UDS снимает зубной камень у кошек за один визит, без наркоза.',
  },
  {
    heading: 'Склад',
    content:
      'Забрать воду самому можно на складе на ул. Мичурина, 15. Приходить на склад с собакой можно только по согласованию с кладовщиком.',
  },
  {
    heading: 'Отмена заказа',
    // A rule and its exception, a paragraph each, as a list of rules is written.
    content:
      'Отменить заказ воды без оплаты можно не позднее чем за 3 часа до приезда курьера — тогда предоплата возвращается полностью.\n' +
      'При отмене позже, а также если курьера не впустили, предоплата не возвращается.',
  },
  { heading: 'Праздники', content: 'Детские праздники проводим по воскресеньям с 10:00 до 19:00 в большом зале.' },
  {
    heading: 'Пакет «Праздник»',
    content: 'Пакет «Праздник» с залом и аниматором — 9 500 ₽ за группу до 10 детей, каждый следующий ребёнок — 500 ₽.',
  },
  {
    heading: 'Химчистка мебели',
    content: 'Химчистка дивана стоит 950 ₽ за посадочное место, выезд мастера бесплатный.',
  },
  { heading: 'После химчистки', content: 'Диван сохнет обычно 6–8 часов, летом с открытыми окнами быстрее.' },
  {
    heading: 'Чего мы не делаем',
    content: 'Электромобили и гибриды не обслуживаем: у нас нет стенда для высоковольтных батарей.',
  },
  {
    heading: 'Зоны доставки',
    content: [
      'Зона: 1; Районы: Центр, Пески; Стоимость доставки, руб.: 0; Примечание: доставка бесплатная',
      'Зона: —; Районы: Бессоновка, Мокшан; Стоимость доставки, руб.: —; Примечание: не доставляем, доступен только самовывоз',
      'Зона: Самовывоз; Районы: ул. Московская, 74 или пр. Строителей, 152; Стоимость доставки, руб.: 0; Примечание: скидка 10%',
    ].join('\n'),
  },
  {
    heading: 'Гигиена',
    content: 'Пилки одноразовые, металлические инструменты проходят стерилизацию в сухожаре после каждого клиента.',
  },
  {
    heading: 'Бренды',
    content: [
      'Бренд: Apple MacBook; Срочный ремонт: нет; Примечание: ремонт плат MacBook только в филиале на Галактионовской',
      'Бренд: Lenovo; Срочный ремонт: да; Примечание: оригинальные запчасти',
    ].join('\n'),
  },
  {
    heading: 'Мастера',
    content:
      'Алексей Гордеев — старший мастер, стаж 12 лет. Микропайка и ремонт материнских плат, в том числе iPhone и MacBook.',
  },
  {
    heading: 'Стоматологи',
    content:
      'Ирина Белова — главный врач, эндодонтист. Стаж 19 лет. Лечит каналы под микроскопом, в том числе повторно.',
  },
  {
    heading: 'Как добраться',
    content: 'Троллейбусы № 3 и 4, автобусы № 10 и 29 — до остановки «Белинского», оттуда 2 минуты пешком.',
  },
  {
    heading: 'Шиномонтаж на Антонова',
    content:
      'Шиномонтаж на ул. Антонова: ежедневно с 08:00 до 21:00, последний автомобиль принимаем в 20:30. Сезонную переобувку на ул. Антонова делаем за 40 минут.',
  },
  {
    heading: 'Шиномонтаж',
    content: [
      'Услуга: Сезонная переобувка; Радиус: R16; Цена, руб.: 2400',
      'Услуга: Сезонная переобувка; Радиус: R17; Цена, руб.: 2800',
      'Услуга: Сезонная переобувка; Радиус: R18; Цена, руб.: 3200',
    ].join('\n'),
  },
  {
    heading: 'Скидки',
    content:
      'В день рождения — скидка 10%, она действует 3 дня до и 3 дня после дня рождения по паспорту. Постоянным клиентам выдаём карту на 5%.',
  },
  {
    heading: 'О нас',
    content:
      'Мы доставляем воду в Самаре с 2012 года. Начинали с одной машины, а сегодня у нас 14 курьеров и своя скважина.',
  },
  {
    heading: 'Врачи',
    // One paragraph, as a clinic's page of doctors is indexed: each doctor's name in a sentence
    // of its own, what the doctor does in the next.
    content: [
      'Андрей Викторович Кузнецов — главный врач, хирург, стаж 22 года.',
      'Проводит плановые и экстренные операции на брюшной полости, занимается травматологией и ортопедией.',
      'Наталья Андреевна Соколова — терапевт и врач ультразвуковой диагностики, стаж 8 лет.',
      'Ведёт приём котят и щенков, составляет графики прививок, проводит УЗИ брюшной полости.',
      'Дмитрий Олегович Тихонов — ветеринарный стоматолог, стаж 6 лет.',
      'Снимает зубной камень, удаляет молочные и больные зубы, лечит стоматит у кошек.',
      'Екатерина Игоревна Лебедева — анестезиолог-реаниматолог, стаж 10 лет.',
      'Руководит стационаром, ведёт наркоз на всех операциях и дежурит по ночам вместе с коллегами.',
    ].join(' '),
  },
];
/** A room sheet split into passages as indexing splits a long one: more passages than a question retrieves. */
const ROOMS = Array.from({ length: 8 }, (_, p) => ({
  heading: 'Номера',
  content: Array.from({ length: 3 }, (_, r) => {
    const n = p * 3 + r + 1;
    return `Номер: К${n}; Мест: 2; Завтрак включён: ${n % 2 ? 'да' : 'нет'}; Цена за ночь, руб.: ${3000 + n * 100}`;
  }).join('\n'),
}));
/** A bakery's sheet: the category's word is in rows' names too ("Детский торт"), a yes/no column's in another's ("с орехом"). */
const CAKES = [
  {
    heading: 'Ассортимент',
    content: [
      'Наименование: Медовик; Категория: Торты; Цена, руб.: 1600; Без глютена: нет; Есть орехи: нет',
      'Наименование: Морковный с грецким орехом; Категория: Торты; Цена, руб.: 1900; Без глютена: нет; Есть орехи: да',
      'Наименование: Шоколадный на рисовой муке; Категория: Торты; Цена, руб.: 2300; Без глютена: да; Есть орехи: нет',
      'Наименование: Детский торт с фигурками; Категория: Торты; Цена, руб.: 2400; Без глютена: нет; Есть орехи: нет',
      'Наименование: Капкейк ванильный; Категория: Капкейки; Цена, руб.: 250; Без глютена: нет; Есть орехи: нет',
      'Наименование: Капкейк с арахисом; Категория: Капкейки; Цена, руб.: 280; Без глютена: нет; Есть орехи: да',
      'Наименование: Миндальное печенье; Категория: Печенье; Цена, руб.: 120; Без глютена: да; Есть орехи: да',
    ].join('\n'),
  },
];
/** A cleaning company's price list: the rows differ by the rooms of the flat ("2-комнатная"). */
const CLEANING = [
  {
    heading: 'Цены',
    content: [
      'Вид уборки: Поддерживающая уборка; Объект: 1-комнатная квартира; Цена, руб.: 3500; Клинеров: 1',
      'Вид уборки: Поддерживающая уборка; Объект: 2-комнатная квартира; Цена, руб.: 4500; Клинеров: 2',
      'Вид уборки: Генеральная уборка; Объект: 3-комнатная квартира; Цена, руб.: 14500; Клинеров: 2',
      'Вид уборки: Генеральная уборка; Объект: 1-комнатная квартира; Цена, руб.: 7900; Клинеров: 2',
      'Вид уборки: Генеральная уборка; Объект: 2-комнатная квартира; Цена, руб.: 10900; Клинеров: 2',
    ].join('\n'),
  },
];
/** A shoe repair's price list: a column named by the trade's own word ("Обувь"), one of whose values is its synonym ("кроссовки"). */
const SHOE_REPAIRS = [
  {
    heading: 'Ремонт обуви',
    content: [
      'Услуга: Замена набоек; Обувь: женская; Цена: 350 ₽; Срочно: да',
      'Услуга: Подклейка подошвы; Обувь: любая; Цена: 400 ₽; Срочно: да',
      'Услуга: Прошивка кроссовок; Обувь: кроссовки; Цена: 700 ₽; Срочно: нет',
      'Услуга: Замена стелек; Обувь: любая; Цена: 300 ₽; Срочно: да',
      'Услуга: Покраска; Обувь: любая; Цена: 1 500 ₽; Срочно: нет',
      'Услуга: Замена каблука; Обувь: женская; Цена: 1 800 ₽; Срочно: нет',
      'Услуга: Растяжка; Обувь: любая; Цена: 600 ₽; Срочно: нет',
      'Услуга: Замена бегунка; Обувь: любая; Цена: 400 ₽; Срочно: да',
    ].join('\n'),
  },
];
/** A flower shop: its catalogue and its delivery zones, both priced, and a page naming neither. */
const FLOWER_SHOP = [
  {
    heading: 'Каталог букетов',
    content: [
      'Название: Мини-комплимент; Категория: авторский; Цена (руб.): 990',
      'Название: Пионы; Категория: монобукет; Цена (руб.): 4500',
      'Название: Сто одна роза; Категория: монобукет; Цена (руб.): 12900',
      'Название: Бутоньерка; Категория: свадебная; Цена (руб.): 700',
      'Название: Тюльпаны; Категория: монобукет; Цена (руб.): 2500',
      'Название: Сухоцветы; Категория: авторский; Цена (руб.): 3200',
    ].join('\n'),
  },
  {
    heading: 'Доставка',
    content: [
      'Зона: Центр; Стоимость: 350 ₽',
      'Зона: Город; Стоимость: 450 ₽',
      'Зона: Пригород; Стоимость: 900 ₽',
      'Зона: Область; Стоимость: 2 000 ₽',
    ].join('\n'),
  },
  {
    heading: 'Как добраться',
    content:
      'Остановка «Кирова» — троллейбусы № 2, 10 и 15. От площади пешком 7 минут, дорога около 12 минут от вокзала.',
  },
];
/** A music school's lessons: a category column of levels ("продолжающие") beside a yes/no column. */
const LESSONS = [
  {
    heading: 'Направления',
    content: [
      'Направление: Фортепиано; Уровень: с нуля и продолжающие; Онлайн: да',
      'Направление: Барабаны; Уровень: с нуля и продолжающие; Онлайн: нет',
      'Направление: Укулеле; Уровень: с нуля; Онлайн: да',
      'Направление: Кавер-группа; Уровень: продолжающие; Онлайн: нет',
      'Направление: Сольфеджио; Уровень: продолжающие; Онлайн: да',
    ].join('\n'),
  },
];
/** A coworking's tariffs: a row named by a length ("5 дней") among rows named otherwise. */
const TARIFFS = [
  {
    heading: 'Тарифы',
    content: [
      'Тариф: Час; Цена, руб.: 200; Срок: 1 час',
      'Тариф: День; Цена, руб.: 700; Срок: 1 день',
      'Тариф: 5 дней; Цена, руб.: 2900; Срок: 30 дней',
      'Тариф: Вечерний; Цена, руб.: 3900; Срок: 30 дней',
      'Тариф: Флекс; Цена, руб.: 7900; Срок: 30 дней',
    ].join('\n'),
  },
];
/** A cooking studio's timetable: dates in figures, and the places left. */
const CLASSES = [
  {
    heading: '',
    content: [
      'Дата: 02.04.2025; Мастер-класс: Хинкали и хачапури; Цена, руб.: 3200; Свободно мест: 0',
      'Дата: 05.04.2025; Мастер-класс: Пицца для детей; Цена, руб.: 1900; Свободно мест: 4',
      'Дата: 10.04.2025; Мастер-класс: Макарон; Цена, руб.: 3400; Свободно мест: 0',
      'Дата: 12.04.2025; Мастер-класс: Паста; Цена, руб.: 3200; Свободно мест: 6',
    ].join('\n'),
  },
];
/** A caterer's banquets: a sheet counting guests, and a rule in prose. */
const BANQUETS = [
  {
    heading: 'Банкеты',
    content: [
      'Меню: Банкет «Классика»; Цена за гостя, руб.: 2900; Минимум гостей: 20',
      'Меню: Банкет «Пермский»; Цена за гостя, руб.: 3600; Минимум гостей: 25',
      'Меню: Банкет «Премиум»; Цена за гостя, руб.: 4800; Минимум гостей: 30',
    ].join('\n'),
  },
  {
    heading: 'Производство',
    content:
      'Перед банкетом можно попробовать блюда выбранного меню. Дегустация стоит 1 500 ₽, эта сумма вычитается из стоимости заказа.',
  },
];
/** A caterer's extras told in prose, a sentence saying "он" of the one before. */
const EXTRAS = [
  {
    heading: 'Подача',
    content:
      'Фонтан из шоколада ставим на любой праздник. Для банкетов от 50 гостей он бесплатный, в остальных случаях — 4 000 ₽. ' +
      'Посуду привозим свою, бой посуды оплачивается по прайсу.',
  },
  {
    heading: 'Приёмка',
    content: [
      '5.1. При доставке без обслуживания заказ принимает ваш представитель: пересчитывает позиции и подписывает накладную. Претензии по количеству после подписания накладной не принимаем.',
      '5.2. Окно доставки — 30 минут: если вы заказали к 12:00, привезём между 11:30 и 12:00.',
      '5.3. Образцы храним 48 часов. Если у гостей появились вопросы к качеству еды, сообщите в течение этого срока — проверим и ответим письменно.',
    ].join('\n'),
  },
];
/** A week's lunches, a row per dish and day. */
const LUNCHES = [
  {
    heading: 'Обеды на неделю',
    content: [
      'Дата: 01.12.2025; День: понедельник; Блюдо: Котлета из свинины; Цена, руб.: 190; Аллергены: глютен, яйцо; Халяль: нет',
      'Дата: 01.12.2025; День: понедельник; Блюдо: Салат из свёклы; Цена, руб.: 120; Аллергены: орехи, горчица; Халяль: да',
      'Дата: 01.12.2025; День: понедельник; Блюдо: Суп-лапша куриный; Цена, руб.: 150; Аллергены: глютен; Халяль: да',
      'Дата: 02.12.2025; День: вторник; Блюдо: Солянка мясная; Цена, руб.: 160; Аллергены: сельдерей; Халяль: нет',
      'Дата: 02.12.2025; День: вторник; Блюдо: Плов с курицей; Цена, руб.: 210; Аллергены: —; Халяль: да',
      'Дата: 02.12.2025; День: вторник; Блюдо: Морковный торт; Цена, руб.: 120; Аллергены: орехи, молоко; Халяль: да',
      'Дата: 02.12.2025; День: вторник; Блюдо: Посикунчики со свининой; Цена, руб.: 230; Аллергены: глютен; Халяль: нет',
    ].join('\n'),
  },
];
/** A print shop's prices: the same photo priced by how many are printed ("Тираж: 1–99 шт."). */
const PRINTS = [
  {
    heading: 'Цены',
    content: [
      'Продукция: Фотопечать; Формат: 10×15 см; Тираж: 1–99 шт.; Цена, руб.: 18; Срок: 15 минут; Примечание: цена за 1 фото',
      'Продукция: Фотопечать; Формат: 10×15 см; Тираж: от 100 шт.; Цена, руб.: 14; Срок: 1 час; Примечание: цена за 1 фото',
      'Продукция: Фотопечать; Формат: 15×21 см; Тираж: 1 шт.; Цена, руб.: 45; Срок: 15 минут',
      'Продукция: Визитки; Формат: 90×50 мм; Тираж: 100 шт.; Цена, руб.: 850; Срок: 1 рабочий день',
      'Продукция: Визитки; Формат: 90×50 мм; Тираж: 200 шт.; Цена, руб.: 1400; Срок: 1 рабочий день',
      'Продукция: Экспресс «за 2 часа»; Цена, руб.: +100% к стоимости; Срок: 2 часа; Примечание: визитки до 200 шт.',
    ].join('\n'),
  },
];
/** A children's centre's timetable: ages as ranges, days shortened, a row whose last cell is empty. */
const TIMETABLE = [
  {
    heading: 'Расписание',
    content: [
      'Занятие: Вместе с мамой; Возраст: 1,5–3 года; Филиал: Республики; Формат: группа до 6 детей; Цена в месяц (руб.): 4200; Дни недели: вт, чт; Примечание: с родителем',
      'Занятие: Развивайка; Возраст: 3–4 года; Филиал: Республики; Формат: группа до 12 детей; Цена в месяц (руб.): 4800; Дни недели: пн, ср',
      'Занятие: Шахматы; Возраст: 6–11 лет; Филиал: Широтная; Формат: группа до 12 детей; Цена в месяц (руб.): 3600; Дни недели: сб; Примечание: своя доска не нужна',
      'Занятие: ИЗО-студия; Возраст: 7–12 лет; Филиал: Широтная; Формат: группа до 8 детей; Цена в месяц (руб.): 3200; Дни недели: вт, сб; Примечание: фартук',
      'Занятие: Робототехника; Возраст: 8–12 лет; Филиал: Республики; Формат: группа до 6 детей; Цена в месяц (руб.): 6400; Дни недели: сб; Примечание: конструкторы наши',
      'Занятие: Hello, English!; Возраст: 3–4 года; Филиал: Широтная; Формат: группа до 8 детей; Цена в месяц (руб.): 5200; Дни недели: пн, ср; Примечание: без учебника',
    ].join('\n'),
  },
];
/** A florist's catalogue: what a bouquet holds is said in its composition, not its name. */
const BOUQUETS = [
  {
    heading: 'Каталог',
    content: [
      'Название: Мини-комплимент; Состав: 1 кустовая роза, 2 гвоздики; Цена (руб.): 990',
      'Название: Корзина «Праздник»; Состав: букеты Весенний и Нежность в одной корзине; Цена (руб.): 9900',
      'Название: Нежность; Состав: 5 пионовидных роз, 2 пиона, эвкалипт; Цена (руб.): 6400',
      'Название: Весенний; Состав: 25 тюльпанов микс; Цена (руб.): 2700',
      'Название: Пионовое облако; Состав: 15 розовых пионов; Цена (руб.): 7900',
      'Название: Утро; Состав: 7 кустовых роз, 3 эустомы; Цена (руб.): 2900',
    ].join('\n'),
  },
];
/** A bathhouse's rooms: capacity as "до N человек", two price columns, a note with its own "; ". */
const BATHS = [
  {
    heading: 'Аренда бань',
    content: [
      'Баня: Изба; Тип: русская на дровах; Вместимость: до 6 человек; Будни, руб./час: 2200; Выходные, руб./час: 2800',
      'Баня: Терем; Тип: русская на дровах; Вместимость: до 12 человек; Будни, руб./час: 3500; Выходные, руб./час: 4500',
      'Баня: Купеческая; Тип: русская на дровах + финская; Вместимость: до 20 человек; Будни, руб./час: 5500; Выходные, руб./час: 7000; Примечание: банкетный зал; залог 5 000 руб.',
      'Баня: Финка; Тип: финская; Вместимость: до 6 человек; Будни, руб./час: 1800; Выходные, руб./час: 2300',
      'Баня: Малая; Тип: финская; Вместимость: до 3 человек; Будни, руб./час: 1200; Выходные, руб./час: 1600',
      'Баня: Беседка малая; Тип: беседка с мангалом; Вместимость: до 8 человек; Будни, руб./час: 600; Выходные, руб./час: 800',
      'Баня: Беседка большая; Тип: беседка с мангалом; Вместимость: до 20 человек; Будни, руб./час: 1000; Выходные, руб./час: 1500',
      'Баня: Дополнительный гость; Тип: доплата; Вместимость: —; Будни, руб./час: 300; Выходные, руб./час: 300',
    ].join('\n'),
  },
];
/** A bath house's hours, and night sessions priced in a sheet with a weekdays column. */
const NIGHTS = [
  {
    heading: 'Часы работы',
    content:
      'Бани и сауны на часы: ежедневно с 09:00 до 02:00. В ночь с пятницы на субботу и с субботы на воскресенье работаем круглосуточно. ' +
      'Общая парная (по билетам): со вторника по воскресенье с 10:00 до 21:00.',
  },
  {
    heading: 'Цены',
    content: [
      'Баня / зона: Ночной сеанс «Изба» (пт→сб, сб→вс, 23:00–08:00); Вместимость: до 6 человек; Будни (пн–чт), руб./час: —; Пт, сб, вс и праздники: 15 000 за ночь',
      'Баня / зона: Ночной сеанс «Терем» (пт→сб, сб→вс, 23:00–08:00); Вместимость: до 12 человек; Будни (пн–чт), руб./час: —; Пт, сб, вс и праздники: 22 000 за ночь',
      'Баня / зона: Изба; Вместимость: до 6 человек; Будни (пн–чт), руб./час: 2200; Пт, сб, вс и праздники: 2800',
    ].join('\n'),
  },
];
/** A club's hours, and its arenas in a sheet with a yes/no column "Работает зимой". */
const ARENAS = [
  {
    heading: 'Контакты',
    content: 'Часы работы: Лазертаг-арена «Бункер» и крытый «Ангар»: пн–пт с 12:00 до 22:00, сб и вс с 10:00 до 23:00.',
  },
  {
    heading: 'Площадки',
    content: [
      'Площадка: Арена «Бункер»; Игра: лазертаг; Под крышей: да; Работает зимой: да',
      'Площадка: Поле «Форт»; Игра: пейнтбол; Под крышей: нет; Работает зимой: да',
      'Площадка: Лес «Сосновый бор»; Игра: лазертаг; Под крышей: нет; Работает зимой: нет',
      'Площадка: Поле «Малыш»; Игра: детский пейнтбол; Под крышей: нет; Работает зимой: нет',
    ].join('\n'),
  },
];
/** A bathhouse writing "хаммам", asked about with "хамам", among passages saying the question's other words. */
const HAMMAM = [
  {
    heading: 'Режим работы',
    content:
      'Бани и сауны на часы: ежедневно с 09:00 до 02:00. В ночь с пятницы на субботу и с субботы на воскресенье работаем круглосуточно — можно забронировать ночной сеанс на 9 часов. Банщик не требуется.',
  },
  {
    heading: 'Предоплата',
    content:
      'В будни бронь подтверждается предоплатой в размере стоимости 1 часа аренды. В пятницу, субботу и воскресенье — 50% стоимости сеанса, не меньше 2 часов.',
  },
  {
    heading: 'Праздники',
    content:
      '31 декабря последний сеанс заканчивается в 19:00, в субботу перед Пасхой — в 22:00. Час аренды в праздники стоит как в субботу.',
  },
  {
    heading: 'Парение',
    content:
      'Цена часа парения с банщиком в субботу — по прайсу услуг. Стоимость веника входит в цену, час начинается с запарки.',
  },
  {
    heading: 'Скидки',
    content:
      'Именинникам скидка 10% на час аренды в любой день, кроме субботы. Цена со скидкой действует при бронировании за сутки.',
  },
  {
    heading: 'Аренда',
    content: [
      'Баня: Изба; Тип: русская на дровах; Будни, руб./час: 2200; Пт, сб, вс, руб./час: 2800',
      'Баня: Финка; Тип: финская; Будни, руб./час: 1800; Пт, сб, вс, руб./час: 2300',
      'Баня: Восток; Тип: хаммам; Будни, руб./час: 2700; Пт, сб, вс, руб./час: 3400',
    ].join('\n'),
  },
];
/** A bathhouse's page of its masters and one of its vacancies. */
const JOBS = [
  {
    heading: 'Банщики',
    content: 'Пётр Лебедев — банщик, стаж 15 лет. Парит дубовым и берёзовым веником, делает медовый скраб.',
  },
  {
    heading: 'Вакансии',
    content: 'Ищем банщиков с опытом парения от года. Резюме присылайте на hr@izba-bani.ru.',
  },
];
/** A bathhouse's rules, each bounding a quantity: hours before the session, a child's age. */
const RULES = [
  {
    heading: 'Отмена брони',
    content:
      'При отмене более чем за 48 часов до начала сеанса предоплата возвращается полностью. ' +
      'При отмене за 48–24 часа возвращаем 50% предоплаты. ' +
      'При отмене менее чем за 24 часа предоплата не возвращается. ' +
      'Исключение: если баня не может работать по нашей вине, вернём 100% предоплаты.\n' +
      'Деньги возвращаем тем же способом, которым вы платили, в течение 10 рабочих дней.',
  },
  {
    heading: 'Дети',
    content:
      'Дети до 14 лет находятся в комплексе только со взрослыми. Детям до 3 лет в парную нельзя, в купель — только в ' +
      'плавательных подгузниках. Детский халат и тапочки выдаём бесплатно.',
  },
  {
    heading: 'Обувь',
    content: 'В уличной обуви в зал не допускаем — даже если на улице сухо. Берите сменную обувь.',
  },
  {
    heading: 'Контакты',
    content: 'Адрес: г. Самара, ул. Молодогвардейская, д. 151, 3 этаж. Телефон: +7 846 200-10-10.',
  },
  {
    heading: 'Оплата',
    content:
      'Принимаем наличные, карты и оплату по QR-коду через СБП. Чаевые — по желанию. Подарочные сертификаты ' +
      'продаются на сумму от 1000 до 20 000 рублей и действуют полгода.',
  },
  {
    heading: 'Занятия с инструктором',
    content:
      'Индивидуальное занятие с инструктором можно перенести или отменить без оплаты не позднее чем за 24 часа до его ' +
      'начала. Если занятие отменено позже или вы не пришли, оно считается проведённым и часы не возвращаются.',
  },
  {
    heading: 'Что мы не перевозим',
    content:
      'Исполнитель не перевозит: взрывчатые и легковоспламеняющиеся вещества, газовые баллоны, канистры с бензином, ' +
      'краски и растворители в открытой таре; оружие и боеприпасы; наркотические и ядовитые вещества; животных в ' +
      'кузове; деньги, ценные бумаги и ювелирные украшения без описи; скоропортящиеся продукты без упаковки; ' +
      'комнатные растения выше двух метров; грузы, запрещённые к перевозке законодательством Российской Федерации.',
  },
];
/** A travel agency: its contacts, the office hours one labelled line, and a bus tour's Saturday. */
const AGENCY = [
  {
    heading: 'Частые вопросы',
    content:
      'В: Как проходит тур «Казань за выходные»?\n' +
      'О: Отправляемся в пятницу в 20:00 от вокзала, приезжаем в Казань в субботу около 10:00. ' +
      'В субботу — обзорная экскурсия с гидом, в 14:00 заселение в отель, вечер свободный. ' +
      'В воскресенье — завтрак, выезд из номеров до 12:00 и свободное время. Обратно выезжаем в воскресенье в 17:00.\n' +
      'В: Когда подтвердят бронь?\n' +
      'О: Заявку подтверждает туроператор, обычно в течение 24 часов, в выходные и праздники — до 48 часов.\n' +
      'В: Когда приезжать в аэропорт?\n' +
      'О: За 2,5 часа до вылета; посадка заканчивается за 30 минут, а страховка на 30 дней стоит 1 300 ₽.',
  },
  {
    heading: 'Контакты',
    content: [
      'Адрес офиса: г. Екатеринбург, ул. Сакко и Ванцетти, д. 61, офис 3',
      'Телефон: +7 (343) 310-47-25 — подбор и бронирование туров',
      'Часы работы офиса: Понедельник — пятница: с 10:00 до 20:00. Суббота: с 11:00 до 17:00. Воскресенье: выходной',
    ].join('\n'),
  },
  {
    heading: 'Как отказаться от тура',
    content:
      'Отказ принимается только письменно: заявление в офисе или скан подписанного заявления на почту. ' +
      'Отказ по телефону, в чате или в мессенджере не принимается.',
  },
  {
    heading: 'Детская кроватка',
    content: 'Детскую кроватку в номер заказываем бесплатно, но её наличие подтверждает отель.',
  },
];
/** The agency's tours: a row longer than an answer, the cell a parent asks about last. */
const TOURS = [
  {
    heading: 'Туры и цены',
    content: [
      'Направление: Россия; Курорт: Казань, автобусный тур «Казань за выходные»; Отель: Волжская слобода; Звёзд: 3; Ночей: 1 в отеле и 2 в автобусе; Питание: завтраки; Отправления из Екатеринбурга: каждую пятницу в 20:00 от ж/д вокзала; Цена за взрослого, ₽: 14 900; Ребёнок 2–11 лет с двумя взрослыми, ₽: 12 900 (дети от 7 лет)',
      'Направление: Турция; Курорт: Анталья; Отель: Club Sun; Звёзд: 5; Ночей: 7; Питание: всё включено; Цена за взрослого, ₽: 98 000',
      'Направление: Египет; Курорт: Хургада; Отель: Sea Gull; Звёзд: 4; Ночей: 7; Питание: всё включено; Цена за взрослого, ₽: 76 000',
    ].join('\n'),
  },
];
let agencyId: string;
let toursId: string;
let nightsId: string;
let arenasId: string;
let rulesId: string;
let businessId: string;
let hammamId: string;
let jobsId: string;
let bathsId: string;
let flowersId: string;
let kidsId: string;
let bakeryId: string;
let cleaningId: string;
let turbineId: string;
let tariffsId: string;
let lessonsId: string;
let shoesId: string;
let pricedShopId: string;
let classesId: string;
let banquetsId: string;
let lunchesId: string;
let extrasId: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createOwner(server.app);
  assistantId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, assistantId, 'prose.txt', PASSAGES);
  businessId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, businessId, 'business.txt', BUSINESS);
  await indexedFile(server.app, businessId, 'nomera.xlsx', ROOMS);
  bakeryId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, bakeryId, 'assortiment.xlsx', CAKES);
  bathsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, bathsId, 'ceny.xlsx', BATHS);
  flowersId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, flowersId, 'katalog.xlsx', BOUQUETS);
  kidsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, kidsId, 'raspisanie.csv', TIMETABLE);
  hammamId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, hammamId, 'banya.txt', HAMMAM);
  rulesId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, rulesId, 'pravila.txt', RULES);
  jobsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, jobsId, 'komanda.txt', JOBS);
  cleaningId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, cleaningId, 'ceny.xlsx', CLEANING);
  await indexedFile(server.app, cleaningId, 'pechat.xlsx', PRINTS);
  extrasId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, extrasId, 'podacha.txt', EXTRAS);
  lunchesId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, lunchesId, 'obedy.csv', LUNCHES);
  banquetsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, banquetsId, 'bankety.txt', BANQUETS);
  classesId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, classesId, 'raspisanie.csv', CLASSES);
  tariffsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, tariffsId, 'tarify.xlsx', TARIFFS);
  lessonsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, lessonsId, 'napravleniya.csv', LESSONS);
  shoesId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, shoesId, 'remont-obuvi.csv', SHOE_REPAIRS);
  pricedShopId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, pricedShopId, 'katalog.xlsx', FLOWER_SHOP);
  arenasId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, arenasId, 'ploshchadki.csv', ARENAS);
  nightsId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, nightsId, 'banya.xlsx', NIGHTS);
  toursId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, toursId, 'tury.xlsx', TOURS);
  agencyId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, agencyId, 'kontakty.docx', AGENCY);
  turbineId = await createAssistant(server.app, owner.userId);
  await indexedFile(server.app, turbineId, 'turbina.txt', TURBINE);
});
afterAll(async () => server?.close());

/** The local answer to a question of one assistant, through retrieval as a message gets it. */
const askOf = (id: () => string) => async (question: string) =>
  composeLocalAnswer(server.app.ctx, id(), await retrieve(server.app.ctx, id(), question));
const answer = askOf(() => assistantId);

describe('local answerer on prose', () => {
  it('reads "где" as asking a place when no passage holds an address: the sentence naming one answers', async () => {
    const a = await answer('Где преподавал Лефевр?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('Сорбонне');
    expect(a.text).not.toContain('студенты');
  });

  it('answers when three words of the question are found together, though others are said differently', async () => {
    const a = await answer(
      'Как фамилия игрока, который окончательно завладел мячом, утраченным Ньютоном в четвёртом периоде?',
    );
    // Below the coverage a question needs otherwise: "игрок", "мяч", "Ньютон", "четвёрт" are found, the rest is said differently.
    expect(a.confidence).toBeLessThan(THRESHOLDS.passageCoverage);
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('Уарду');
  });

  it('answers "как иначе называются…" with the name said beside it in brackets, though no sentence says "называются"', async () => {
    const a = await askOf(() => turbineId)('Как иначе называются статоры?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('неподвижные диски');
  });

  it('finds the question\'s words in a long sentence where words start, not inside others ("тв" of "действительность")', async () => {
    const a = await askOf(() => turbineId)('Можно вернуть приставку для ТВ, если плёнку сняли?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('заводской плёнке');
  });

  it('answers "в каком году" with the sentence beside the best one that holds a year, not one further on without it', async () => {
    const a = await askOf(() => turbineId)('В каком году впервые стали применять манометр парового котла?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('1849');
  });

  it('answers "какую долю" with the sentence that says a share ("более половины")', async () => {
    const a = await askOf(() => turbineId)('Какую долю от всех лесов Земли составляют дождевые леса Амазонии?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('более половины');
  });

  it('gives the sentence a demonstrative refers to with the one that answers ("Эти устройства…")', async () => {
    const a = await answer('Какое устройство используется для лечения отравления угарным газом?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('кислородные камеры');
    expect(a.text).toContain('отравления угарным газом');
  });

  it('cuts a sentence too long for an answer where the fact follows the words of the question', async () => {
    const a = await answer('Что дает программа лояльности «Хлебный друг»?');
    expect(a.source).toBe('knowledge');
    expect(a.text.length).toBeLessThanOrEqual(THRESHOLDS.answerChars);
    expect(a.text).toContain('каждый шестой кофе');
  });

  it('keeps the name before the words of the question when it asks for a name ("как звали…")', async () => {
    const a = await answer('Как звали основательницу, которая предложила выдавать постоянным гостям именную карту?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('Анна Соколова');
  });

  it('keeps the name asked for though the question repeats more of the sentence after it', async () => {
    const a = await answer(
      'Кто предложил выдавать именную карту, как это принято в программе лояльности, когда держатели получают каждый шестой кофе бесплатно?',
    );
    expect(a.source).toBe('knowledge');
    expect(a.text.length).toBeLessThanOrEqual(THRESHOLDS.answerChars);
    expect(a.text).toContain('Анна Соколова');
  });

  it('reads a question naming a surname, not asking it, as no "кто" question', async () => {
    const a = await answer('Нужно ли называть фамилию при записи на мастер-класс?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('назовите фамилию и телефон');
    expect(a.text).not.toContain('Белова');
  });

  it('keeps the part of a long sentence naming the person asked for, not a name in quotes', async () => {
    const a = await answer('Кто ведёт мастер-классы по выпечке хлеба на закваске?');
    expect(a.source).toBe('knowledge');
    expect(a.text.length).toBeLessThanOrEqual(THRESHOLDS.answerChars);
    expect(a.text).toContain('Белова');
  });

  it('cuts a clause too long for an answer at words, keeping the part that holds the question', async () => {
    const a = await answer('Против чьей воли депутаты парламента не могут начинать законодательство?');
    expect(a.source).toBe('knowledge');
    expect(a.text.length).toBeLessThanOrEqual(THRESHOLDS.answerChars);
    expect(a.text).toContain('против воли комиссии');
  });
});

describe('passages read once, shared by every message', () => {
  it('answers the same when another message is reading the same new passages at that moment', async () => {
    const retrieval = await retrieve(server.app.ctx, businessId, 'До скольки работает доставка?');
    const about = retrieval.passages.find((p) => p.heading === 'О нас');
    const delivery = retrieval.passages.find((p) => p.heading === 'Доставка');
    if (!about || !delivery) throw new Error('the passages were not found');
    // Headings padded anew for each round: passages never read, whose headings are stemmed by a query.
    const round = (pad: string) => {
      const fresh = (p: typeof about) => ({ ...p, heading: `${p.heading}${pad}` });
      return {
        other: { ...retrieval, passages: [fresh(about)] },
        asked: { ...retrieval, passages: [fresh(about), fresh(delivery)] },
      };
    };
    // Alone: nothing else reads the passages meanwhile.
    const alone = round(' ');
    const expected = await composeLocalAnswer(server.app.ctx, businessId, alone.asked);
    expect(expected.text).toContain('22:00');
    // Together: the other message reads the first passage while this one waits for its stems.
    const together = round('  ');
    const [, got] = await Promise.all([
      composeLocalAnswer(server.app.ctx, businessId, together.other),
      composeLocalAnswer(server.app.ctx, businessId, together.asked),
    ]);
    expect(got).toEqual(expected);
  });
});

describe('a question read for its subject', () => {
  it('leaves out words that name none: "смогу", "какие-то", "будут"', async () => {
    const { query } = await retrieve(
      server.app.ctx,
      businessId,
      'Смогу ли я потом какие-то документы получить, будут готовы?',
    );
    expect(query.terms).not.toContain('смог');
    expect(query.terms).not.toContain('какие-т');
    expect(query.terms).not.toContain('будут');
    expect(query.terms).toContain('документ');
  });

  it('reads "норм?" as asking whether, a girlfriend as whom it is for, and chat words by their groups', async () => {
    const { query } = await retrieve(
      server.app.ctx,
      businessId,
      'девушке хочу поснимать на телефон, норм? сертик на вариант полайтовее, куда тачку приткнуть',
    );
    expect(query.terms).not.toContain('норм');
    expect(query.light.has('девушк')).toBe(true);
    expect([...(query.synonyms.get('поснима') ?? [])]).toContain('съемк');
    expect([...(query.synonyms.get('сертик') ?? [])]).toContain('сертификат');
    expect([...(query.synonyms.get('полайтов') ?? [])]).toContain('облегчен');
    expect([...(query.synonyms.get('приткнут') ?? [])]).toContain('парковк');
    const more = await retrieve(
      server.app.ctx,
      businessId,
      'если вы со сроками затянете? кто кухни рисует? где вживую посмотреть?',
    );
    expect([...(more.query.synonyms.get('затянет') ?? [])]).toContain('просрочк');
    expect([...(more.query.synonyms.get('рис') ?? [])]).toContain('дизайнер');
    expect([...(more.query.synonyms.get('вжив') ?? [])]).toContain('шоурум');
    const atelier = await retrieve(
      server.app.ctx,
      businessId,
      'давно вы работаете? шубу примете? потеряла квиток. скока сверху накинете и сколько вперед платить?',
    );
    expect([...(atelier.query.synonyms.get('давн') ?? [])]).toContain('основа');
    expect([...(atelier.query.synonyms.get('шуб') ?? [])]).toContain('мех');
    expect([...(atelier.query.synonyms.get('квиток') ?? [])]).toContain('квитанц');
    expect([...(atelier.query.synonyms.get('накинет') ?? [])]).toContain('доплат');
    expect([...(atelier.query.synonyms.get('вперед') ?? [])]).toContain('предоплат');
  });

  it('reads "её" as no word of the subject and "приеду" as a verb of coming, whatever its person', async () => {
    const { query } = await retrieve(server.app.ctx, businessId, 'приеду на машине, где её можно оставить?');
    expect(query.terms).toContain('машин');
    expect(query.terms).not.toContain('е');
    expect(query.light.has('приед')).toBe(true);
  });

  it('reads the visitor\'s own time told after the question ("…, когда ребёнка привожу") as its situation', async () => {
    const { query } = await retrieve(server.app.ctx, businessId, 'где машину поставить когда ребенка привожу');
    expect(query.context.has('ребенк')).toBe(true);
    expect(query.context.has('припаркова')).toBe(false);
    // The business's own time asked is the question: "…, когда вы открываетесь?".
    const own = await retrieve(server.app.ctx, businessId, 'можно прийти с собакой, когда вы открываетесь?');
    expect(own.query.context.size).toBe(0);
  });

  it('reads the situation told before a question naming nothing as its subject: "…опоздаю минут на двадцать. Меня всё равно примут?"', async () => {
    const { query } = await retrieve(
      server.app.ctx,
      businessId,
      'Застряла в пробке, опоздаю минут на двадцать. Меня всё равно примут?',
    );
    expect(query.context.size).toBe(0);
    expect(query.terms).toEqual(expect.arrayContaining(['опозда', 'пробк']));
    // Stuck in traffic is being late, as rules write it.
    expect([...(query.synonyms.get('пробк') ?? [])]).toContain('опоздан');
    // "Вместе с остальными вещами" names nothing; "закинуть" is a verb of any request.
    const along = await retrieve(server.app.ctx, businessId, 'газовый баллон закинуть вместе с остальными вещами?');
    expect(along.query.terms).not.toContain('вмест');
    expect(along.query.terms).not.toContain('остальн');
    expect(along.query.light.has('закинут')).toBe(true);
    // "Примерно скока?" names nothing either.
    const roughly = await retrieve(server.app.ctx, businessId, 'надо пианино перевезти по городу. примерно скока?');
    expect(roughly.query.context.size).toBe(0);
    // A question that names its subject still weighs the situation less.
    const named = await retrieve(server.app.ctx, businessId, 'Планируем съёмку с нашим корги. Собаку брать можно?');
    expect(named.query.context.has('корг')).toBe(true);
  });

  it('weighs less what a visitor tells of themselves or of whom they ask for after the question', async () => {
    const { query } = await retrieve(server.app.ctx, businessId, 'можно к вам с собакой? она маленькая и тихая');
    expect(query.context.has('маленьк')).toBe(true);
    expect(query.context.has('собак')).toBe(false);
    // A question said without its "?" is the last sentence; a lesson "сгорело" is one written off.
    const lost = await retrieve(server.app.ctx, businessId, 'заболел. за сколько отменить занятие, чтоб не сгорело');
    expect(lost.query.context.has('заболел')).toBe(true);
    expect([...(lost.query.synonyms.get('сгорел') ?? [])]).toContain('списыва');
    // A clause before ", есть у вас" tells the situation as a sentence would.
    const clause = await retrieve(server.app.ctx, businessId, 'везём кучу вещей, есть у вас доставка на этаж?');
    expect(clause.query.context.has('куч')).toBe(true);
    expect(clause.query.context.has('доставк')).toBe(false);
    // A last sentence with no question word asks nothing: the first, unmarked, is the question.
    const first = await retrieve(server.app.ctx, businessId, 'Сколько стоит доставка воды. У меня кот');
    expect(first.query.context.size).toBe(0);
    // Where to is no remark about the visitor: it is what the question asks of.
    const where = await retrieve(server.app.ctx, businessId, 'сколько стоит доставка? нам в Самару');
    expect(where.query.context.size).toBe(0);
    // What follows the question still tells more of it.
    const more = await retrieve(server.app.ctx, businessId, 'до скольки доставка? сегодня воскресенье');
    expect(more.query.context.size).toBe(0);
  });

  it('weighs less the wish told after a question said first, though the question says "этим"', async () => {
    const { query } = await retrieve(server.app.ctx, businessId, 'вы давно этим занимаетесь? не хочется к новичкам');
    expect(query.context.has('новичк')).toBe(true);
    expect(query.terms).not.toContain('хочет');
    // "Утро" is no "утеря" with its vowel dropped; "жду" is waiting.
    const morning = await retrieve(server.app.ctx, businessId, 'жду с утра, когда заберу?');
    expect(morning.query.synonyms.get('утр')?.has('потер') ?? false).toBe(false);
    expect([...(morning.query.synonyms.get('жду') ?? [])]).toContain('ожидан');
  });

  it('reads the everyday words of a chat as a business writes them: "велик", "стиралка", "вы отвечаете"', async () => {
    // Per message: the stem of a visitor's word, and a stem of a word the documents use for it.
    const said: [string, [string, string][]][] = [
      [
        'на велике приеду. стиралку перевезёте, вы за неё отвечаете? застрахованы? переделаете? студентке скидка есть?',
        [
          ['велик', 'велосипед'],
          ['стиралк', 'стиральн'],
          ['отвеча', 'ответствен'],
          ['застрахова', 'страховк'],
          ['передела', 'исправ'],
          ['студентк', 'студенческ'],
        ],
      ],
      [
        'постер напечатаете? в дождь работаете? кто присмотрит?',
        [
          ['постер', 'плакат'],
          ['дожд', 'погод'],
          ['присмотр', 'приглядет'],
        ],
      ],
      [
        'растяжка есть? шумоизоляция хорошая? открыты круглосуточно?',
        [
          ['растяжк', 'стретчинг'],
          ['шумоизоляц', 'звукоизоляц'],
          ['круглосуточн', 'ноч'],
        ],
      ],
      [
        'в шлепках можно? тимбилдинг делаете? можно я рядом посижу? скидки можно совместить?',
        [
          ['шлепк', 'обув'],
          ['тимбилдинг', 'корпорат'],
          ['посиж', 'присутств'],
          ['совмест', 'суммирова'],
        ],
      ],
      [
        'кто главный повар? попробовать блюда можно? по лестнице подниматься долго?',
        [
          ['повар', 'шеф'],
          ['попробова', 'дегустац'],
          ['лестниц', 'ступен'],
        ],
      ],
    ];
    for (const [message, pairs] of said) {
      const { query } = await retrieve(server.app.ctx, businessId, message);
      for (const [stem, written] of pairs) expect([...(query.synonyms.get(stem) ?? [])], stem).toContain(written);
    }
  });

  it('finds a synonym group through a root only when the rest is an ending: "комплексный" is no "комп"', async () => {
    const lunch = await retrieve(server.app.ctx, businessId, 'сколько стоит комплексный обед?');
    expect(lunch.query.synonyms.get('комплексн')?.has('компьютер') ?? false).toBe(false);
    const recycling = await retrieve(server.app.ctx, businessId, 'принимаете очки на переработку?');
    expect(recycling.query.synonyms.get('переработк')?.has('график') ?? false).toBe(false);
    // A week is no Monday ("понедельник" holds "недел").
    const week = await retrieve(server.app.ctx, businessId, 'на две недели оставить можно?');
    expect(week.query.synonyms.get('недел')?.has('понедельник') ?? false).toBe(false);
    // "Верните" still finds the group of "вернуть".
    const refund = await retrieve(server.app.ctx, businessId, 'деньги верните?');
    expect([...(refund.query.synonyms.get('верн') ?? [])]).toContain('возврат');
    // "Ближе всего" asks which is nearest, as "близко" does: no subject of its own.
    const metro = await retrieve(server.app.ctx, businessId, 'какое метро к вам ближе всего?');
    expect(metro.query.terms).not.toContain('ближ');
  });

  it('leaves out the chat words around the subject: "мимо", "заодно", "наверное"', async () => {
    const { query } = await retrieve(
      server.app.ctx,
      businessId,
      'кот мимо лотка ходит, заодно уберёте? наверное это сложно, ну короче кстати спрошу',
    );
    for (const word of ['мим', 'заодн', 'наверн', 'короч', 'кстат']) expect(query.terms).not.toContain(word);
    expect(query.terms).toContain('лотк');
    // A cat is an animal as the rules name it, and a cat.
    expect([...(query.synonyms.get('кот') ?? [])]).toEqual(expect.arrayContaining(['животн', 'кошк']));
    expect(query.synonyms.get('кот')?.has('собак')).toBe(false);
    // "Заплачу" is paying, though its stem is not "плат"; "всё равно" and "именно" name nothing,
    // "равными частями" does.
    const paying = await retrieve(server.app.ctx, businessId, 'заплачу всё равно именно за месяц?');
    expect([...(paying.query.synonyms.get('заплач') ?? [])]).toContain('оплат');
    expect(paying.query.terms).not.toContain('равн');
    expect(paying.query.terms).not.toContain('имен');
    const parts = await retrieve(server.app.ctx, businessId, 'Можно платить равными частями?');
    expect(parts.query.terms).toContain('равн');
  });
});

describe('local answerer on a business', () => {
  const ask = askOf(() => businessId);

  it('reads hours as what "работает" asks, though no sentence says the word', async () => {
    const a = await ask('До скольки работает доставка?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('22:00');
  });

  it('reads everyday words of a trade as the words its documents use: "электрокары", "стерильные"', async () => {
    const cars = await ask('Вы чините электрокары?');
    expect(cars.source, `confidence ${cars.confidence}`).toBe('knowledge');
    expect(cars.text).toContain('не обслуживаем');
    const tools = await ask('Инструменты у вас стерильные?');
    expect(tools.source, `confidence ${tools.confidence}`).toBe('knowledge');
    expect(tools.text).toContain('стерилизацию');
  });

  it('reads "довезёте" as delivery, and "откуда … забрать" as asking the pickup address', async () => {
    const far = await ask('до Бессоновки довезете?');
    expect(far.source, `confidence ${far.confidence}`).toBe('knowledge');
    expect(far.text).toContain('не доставляем');
    expect((await ask('откуда можно самому забрать заказ?')).text).toContain('Строителей');
  });

  it('reads a visitor coming at a time as asking the hours', async () => {
    const late = await ask('подъеду на переобувку на антонова где-то без двадцати девять вечера, еще успею?');
    expect(late.text).toContain('20:30');
    const { query } = await retrieve(server.app.ctx, businessId, 'подъеду где-то без двадцати девять вечера, успею?');
    expect(query.arrival).toBe(true);
    // Coming on foot: "зайти", "прийти", "подойти".
    for (const walk of ['в субботу в полшестого вечера к вам ещё можно зайти?', 'в 19:40 можно ещё подойти?'])
      expect((await retrieve(server.app.ctx, businessId, walk)).query.arrival).toBe(true);
    expect((await retrieve(server.app.ctx, businessId, 'сколько стоит переобувка в 20:40?')).query.arrival).toBe(false);
    // A delivery at a time, or the courier's coming, is no visitor coming.
    for (const other of ['сможете привезти сет к 20:30?', 'курьер заедет в 19:00?'])
      expect((await retrieve(server.app.ctx, businessId, other)).query.arrival).toBe(false);
  });

  it('answers "кто" with a person, not with a column\'s label or a place ("на Галактионовской")', async () => {
    expect((await ask('кто у вас платы макбуков паяет?')).text).toContain('Гордеев');
    // The person named two sentences before the one that tells what they do.
    expect((await ask('Кто у вас перелечивает каналы под микроскопом?')).text).toContain('Белова');
  });

  it('reads "общественный транспорт" as the buses and trolleybuses a page names', async () => {
    const bus = await ask('как к вам доехать на общественном транспорте?');
    expect(bus.source, `confidence ${bus.confidence}`).toBe('knowledge');
    expect(bus.text).toContain('Белинского');
  });

  it('reads a size written with its letter ("R17") as the figure asked ("на 17")', async () => {
    expect((await ask('сколько стоит переобуть колеса на 17?')).text).toContain('2800');
  });

  it('reads the way there asked with "дойти", and a car that "заглохла" as broken down', async () => {
    const a = await ask('как к вам от остановки дойти?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('Белинского');
    const { query } = await retrieve(server.app.ctx, businessId, 'тачка заглохла, скидосы есть?');
    expect([...(query.synonyms.get('тачк') ?? [])]).toContain('машин');
    expect([...(query.synonyms.get('заглохл') ?? [])]).toContain('ремонт');
    expect([...(query.synonyms.get('скидос') ?? [])]).toContain('скидк');
  });

  it('reads a brand said in Cyrillic as the documents write it in Latin letters ("вудпекер")', async () => {
    const a = await ask('а вудпекер у вас есть?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('Woodpecker');
  });

  it('answers a messenger asked for with its handle', async () => {
    const a = await ask('а в телеге вы есть?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('@voda_samara_bot');
    // "Ник" asks the handle, and "сильно" (how much) names nothing.
    const nick = await ask('в тг вам можно написать? какой ник');
    expect(nick.source, `confidence ${nick.confidence}`).toBe('knowledge');
    expect(nick.text).toContain('@voda_samara_bot');
    const { query } = await retrieve(server.app.ctx, businessId, 'сильно у вас хлоркой пахнет?');
    expect(query.terms).not.toContain('сильн');
  });

  it('answers "кто" with a person named in Cyrillic, not with a brand in Latin letters', async () => {
    const a = await ask('Кто у вас снимает зубной камень у кошек?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('Тихонов');
  });

  it('hands a visitor asking for a job to the owner, unless the documents speak of vacancies', async () => {
    for (const q of [
      'вам мастера не нужны? ищу работу, стаж 5 лет',
      'Вы стоматологов ищете? хочу к вам устроиться',
      'вам продавцы не нужны? два года работала в магазине',
      'вам официанты на подработку не нужны? опыт есть',
      'вам преподаватель по вокалу не нужен? диплом есть',
    ]) {
      const a = await ask(q);
      expect(a.source, `${q}: ${a.text}`).toBe('handoff');
    }
    expect(asksForJob('вам преподаватель по вокалу не нужен? диплом есть')).toBe(true);
    // Customers' questions are no job seeker's, and rules naming a trade offer no job.
    for (const q of [
      'Мы юрлицо, хотим работать с вами по договору, можно?',
      'хотим на работу заказать пиццу, доставите в офис?',
      'помогаете с трудоустройством после курса?',
      'нам нужны работники на склад, подберёте?',
      'можно у вас устроиться с палаткой?',
      'вам документы нужны для договора?',
      'вам курьеры нужны мои данные?',
      'вам паспорт нужен при записи?',
    ])
      expect(asksForJob(q), q).toBe(false);
    for (const text of [
      'Для аренды требуется водительское удостоверение.',
      'Требуется направление врача.',
      'Нам не нужны курьеры со стороны.',
      'Можно поищем мастера на дом?',
    ])
      expect(offersJob(text), text).toBe(false);
    expect(offersJob('Требуются курьеры с личным авто.')).toBe(true);
    // "Банщик не требуется" offers no job.
    const notNeeded = await askOf(() => hammamId)('ищу работу, банщики вам не нужны?');
    expect(notNeeded.source, notNeeded.text).toBe('handoff');
    const bathhouse = await askOf(() => jobsId)('банщики вам не нужны? ищу работу');
    expect(bathhouse.source, `confidence ${bathhouse.confidence}`).toBe('knowledge');
    expect(bathhouse.text).toContain('hr@izba-bani.ru');
  });

  it('reads as surnames the words ending as one after a trade or capitalised within a sentence', () => {
    expect(surnameWords('инструктор павлов ещё работает?')).toEqual(['павлов']);
    expect(surnameWords('к Ольге Романовой можно?')).toEqual(['романовой']);
    expect(surnameWords('Добрый день, Магазин в воскресенье работает?')).toEqual([]);
    expect(surnameWords('Подаёте машину в Ростов? А бензин какой?')).toEqual([]);
    expect(surnameWords('Адрес:\nСаратов, ул. Ленина')).toEqual([]);
    // A name asked for: "позовите Светлану", whatever its ending.
    expect(surnameWords('Позовите, пожалуйста, Светлану — она подбирала нам тур')).toEqual(['светлану']);
    expect(surnameWords('соедините с Олегом')).toEqual(['олегом']);
    expect(surnameWords('Можно оплатить Пушкинской картой?')).toEqual([]);
  });

  it('hands off a question about a person the documents never name, answering of one they do', async () => {
    for (const q of [
      'мастер петров сегодня работает? хочу к нему на ремонт платы',
      'С эндодонтистом Смирновой можно записаться на лечение каналов?',
    ]) {
      const a = await ask(q);
      expect(a.source, `${q}: ${a.text}`).toBe('handoff');
    }
    const known = await ask('С эндодонтистом Беловой можно записаться на лечение каналов?');
    expect(known.source, `confidence ${known.confidence}`).toBe('knowledge');
    expect(known.text).toContain('микроскопом');
  });

  it('weighs less the words of the situation told before a question of several', async () => {
    const a = await ask('Планируем семейную фотосессию вместе с нашим корги. Собаку с собой брать можно?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('по согласованию');
  });

  it('weighs less a sentence after the question that tells why it is asked', async () => {
    const a = await ask('В субботу доставка до скольки? Хотим подъехать за бутылями на газели к юбилею');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('22:00');
    // What happened to the visitor, said after the question with a verb in the past.
    const ill = await retrieve(
      server.app.ctx,
      businessId,
      'до скольки можно отказаться от завтрашнего обеда? заболел походу',
    );
    expect(ill.query.context.has('заболел')).toBe(true);
    expect(ill.query.context.has('обед')).toBe(false);
    const where = await retrieve(server.app.ctx, businessId, 'сколько стоит доставка? нам в Мокшан');
    expect(where.query.context.size).toBe(0);
  });

  it('reads "др" as a birthday, and a day said relatively ("позавчера") as the situation, not the subject', async () => {
    const a = await ask('у меня др был позавчера, скидку еще можно получить?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('10%');
  });

  it('reads "во сколько обойдётся" as asking a price, not a time', async () => {
    const a = await ask('хотим отметить у вас день рождения. во скока обойдется праздник?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('9 500');
    expect(a.text).not.toContain('19:00');
  });

  it('reads "через сколько" as asking a term, and "6–8 часов" with its dash as one', async () => {
    const a = await ask('через сколько можно будет сесть на диван после вашей химчистки?');
    expect(a.source, `confidence ${a.confidence}`).toBe('knowledge');
    expect(a.text).toContain('6–8 часов');
    expect(a.text).not.toContain('950');
  });

  it('gives a rule with its exception said in the next paragraph', async () => {
    const a = await ask('Если отменю заказ воды за час до приезда курьера, вернут предоплату?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('возвращается полностью');
    expect(a.text).toContain('предоплата не возвращается');
  });

  it('reads "давно" as asking since when: the sentence with a year answers, though no sentence says the word', async () => {
    const a = await ask('Вы давно доставляете воду?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('с 2012 года');
  });

  it('answers "кто" with the sentence naming the person when the one that matches only tells what is done', async () => {
    const a = await ask('Кто у вас лечит зубы кошкам?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('Тихонов');
  });

  it('filters a table with all its rows, not only those of the passages that ranked', async () => {
    const found = await retrieve(server.app.ctx, businessId, 'В каких номерах завтрак включён?');
    expect(found.passages.length).toBeLessThan(ROOMS.length);
    const a = await composeLocalAnswer(server.app.ctx, businessId, found);
    const odd = Array.from({ length: 12 }, (_, i) => `\n- К${2 * i + 1}`).join('');
    expect(a.text).toBe(`Завтрак включён: да${odd}`);
  });
});

describe('local answerer on a sheet', () => {
  const ask = askOf(() => bakeryId);

  it('reads the sentence that filters of a question of several, the others telling why', async () => {
    expect((await ask('Какие торты дешевле двух тыщ? Хочу порадовать коллег в пятницу, бюджет скромный')).text).toBe(
      'Категория: Торты, Цена, руб., дешевле 2000\n- Медовик — 1600\n- Морковный с грецким орехом — 1900',
    );
  });

  it('filters by a yes/no column within the category named, though rows are named with its word', async () => {
    expect((await ask('Что из тортов есть без глютена?')).text).toBe(
      'Категория: Торты, Без глютена: да\n- Шоколадный на рисовой муке',
    );
    expect((await ask('У сына аллергия на орехи, какие капкейки можно взять?')).text).toBe(
      'Категория: Капкейки, Есть орехи: нет\n- Капкейк ванильный',
    );
    expect((await ask('какие торты дешевле двух тыщ?')).text).toBe(
      'Категория: Торты, Цена, руб., дешевле 2000\n- Медовик — 1600\n- Морковный с грецким орехом — 1900',
    );
  });
});

describe('a word the documents spell otherwise', () => {
  it('finds the row by the documents\' spelling of an unknown word ("хамам" / "хаммам")', async () => {
    const found = await retrieve(server.app.ctx, hammamId, 'почем хамам в субботу за час?', { limit: 2 });
    expect(found.passages.map((p) => p.heading)).toContain('Аренда');
    expect((await askOf(() => hammamId)('почем хамам в субботу за час?')).text).toContain('3400');
  });
});

describe('local answerer on a sentence pointing back', () => {
  it('gives the sentence before one whose "он" names what it tells of', async () => {
    const a = (await askOf(() => extrasId)('на банкет для 60 гостей это бесплатно?')).text;
    expect(a).toContain('бесплатный');
    expect(a).toMatch(/^Фонтан из шоколада/);
  });

  it('gives the sentence before one that names its time only as "этот срок"', async () => {
    const a = (await askOf(() => extrasId)('если гостям не понравится еда, как вы проверите качество?')).text;
    expect(a).toContain('проверим и ответим');
    expect(a).toContain('48 часов');
  });
});

describe('local answerer on a week of lunches', () => {
  it('reads "на этой неделе" as the whole week, not as Monday', async () => {
    const a = (await askOf(() => lunchesId)('что на этой неделе не халяль?')).text;
    expect(a).toContain('Котлета');
    expect(a).toContain('Солянка');
    expect(a).toContain('Посикунчики');
  });

  it('reads "что на этой неделе с орехами?" as a list of the dishes holding them', async () => {
    const a = (await askOf(() => lunchesId)('у коллеги аллергия на орехи, что на этой неделе с орехами в обедах?'))
      .text;
    expect(a).toContain('Салат из свёклы');
    expect(a).toContain('Морковный торт');
    expect(a).not.toContain('Солянка');
  });
});

describe('local answerer on a sheet and a rule beside it', () => {
  it('reads a sentence counting guests after the question as its situation, not as the table asked', async () => {
    const ask = askOf(() => banquetsId);
    const taste = await ask('можно сначала попробовать блюда перед банкетом? нас будет человек 30');
    expect(taste.text).toContain('1 500');
    // Asked of the sheet, the count still filters it.
    const company = (await ask('нас будет человек 22, какие банкеты можно заказать?')).text;
    expect(company).toMatch(/^Минимум гостей: до 22/);
    expect(company).toContain('Классика');
    expect(company).not.toContain('Премиум');
  });
});

describe('local answerer on a timetable of dates', () => {
  it('reads "мест нет" as no places left, and a month said in words as the dates of the sheet', async () => {
    const a = (await askOf(() => classesId)('на какие мастер-классы в апреле уже мест нет?')).text;
    expect(a).toContain('02.04.2025');
    expect(a).toContain('10.04.2025');
    expect(a).not.toContain('05.04.2025');
  });
});

describe('local answerer on contacts and a tour', () => {
  const ask = askOf(() => agencyId);

  it('reads the sentences of a labelled line under its label ("Часы работы офиса: … Суббота: с 11:00 до 17:00.")', async () => {
    expect((await ask('часы работы в субботу')).text).toContain('с 11:00 до 17:00');
  });

  it('finds the rule by the word the question says in another form ("отказываемся" of "Отказ")', async () => {
    const question = 'а можно просто позвонить и сказать что отказываемся от тура?';
    // Retrieval ranks it first, as in a knowledge base of many passages it must (the answerer reads the first few).
    const found = await retrieve(server.app.ctx, agencyId, question, { limit: 1 });
    expect(found.passages[0]?.heading).toContain('Как отказаться от тура');
    expect((await ask(question)).text).toContain('только письменно');
  });

  it('answers of a row longer than an answer its name and the cells asked about, wherever they stand', async () => {
    const a = (await askOf(() => toursId)('в казань на автобусе с ребенком 5 лет возьмете?')).text;
    expect(a).toMatch(/^Направление: Россия; Курорт: Казань/);
    expect(a).toContain('дети от 7 лет');
    expect(a.length).toBeLessThanOrEqual(THRESHOLDS.answerChars);
  });

  it('answers the hours with a span of the day, not with an event of that day at a time', async () => {
    const a = (await ask('до скольки вы в субботу открыты?')).text;
    expect(a).toContain('с 11:00 до 17:00');
    expect(a).not.toContain('заселение');
  });
});

describe('local answerer on hours and a sheet of sessions', () => {
  it('answers hours asked in words of their own with the hours, not a row holding a time', async () => {
    const a = await askOf(() => nightsId)(
      'во сколько вы закрываетесь в будни? хотим после работы попариться часов до двенадцати ночи, успеем?',
    );
    expect(a.text).not.toContain('Ночной сеанс');
    expect(a.text).toContain('круглосуточно');
  });
});

describe('local answerer on figures written in groups', () => {
  it('reads "2 000" of a sentence as "2000" too, as a question says it', () => {
    expect(withFigures('Коробка шаров: 8 000 ₽ за 2\u00a0000 шт, или 500 ₽ за 100 шт')).toBe(
      'Коробка шаров: 8 000 ₽ за 2\u00a0000 шт, или 500 ₽ за 100 шт 8000 2000',
    );
    expect(withFigures('Тел.: 310-47-25, 1,5 кг')).toBe('Тел.: 310-47-25, 1,5 кг');
  });
});

describe('local answerer on hours and a sheet with a yes/no column', () => {
  it('reads "открыты" of hours asked as the hours, not as the column "Работает зимой"', async () => {
    const a = await askOf(() => arenasId)(
      'Хотим прийти на лазертаг в субботу к половине седьмого вечера, вы ещё будете открыты?',
    );
    expect(a.text).toContain('с 10:00 до 23:00');
  });
});

describe('local answerer on a sheet of tariffs', () => {
  it('reads a verb as naming no value of a category through a synonym ("заниматься" is not "продолжающие")', async () => {
    const a = (await askOf(() => lessonsId)('По каким направлениям можно заниматься онлайн?')).text;
    for (const row of ['Фортепиано', 'Укулеле', 'Сольфеджио']) expect(a).toContain(row);
    expect(a).not.toContain('Барабаны');
    expect(a).not.toContain('Уровень');
  });

  it('reads a column\'s own name as naming no value of it through a synonym ("обуви" is not "кроссовки")', async () => {
    const a = (await askOf(() => shoesId)('Что из ремонта обуви можно сделать срочно?')).text;
    for (const row of ['Замена набоек', 'Подклейка подошвы', 'Замена стелек']) expect(a).toContain(row);
    expect(a).not.toContain('кроссов');
  });

  it('finds the price list for a price compared and nothing else named ("есть что-то недорогое до тыщи?")', async () => {
    const a = (await askOf(() => pricedShopId)('коллеге спасибо сказать, есть что-то недорогое, до тыщи?')).text;
    expect(a).toContain('Мини-комплимент');
    expect(a).toContain('Бутоньерка');
    expect(a).not.toContain('Пионы');
    expect(a).not.toContain('Зона');
  });

  it('reads the young of animals ("котят", "щенят") as no verbs', async () => {
    const { query } = await retrieve(server.app.ctx, lessonsId, 'какие корма для котят и щенят?');
    expect([...query.verbs]).toEqual([]);
  });

  it('compares the prices of all the rows, not reading "на месяц" as naming the row "5 дней"', async () => {
    const a = (await askOf(() => tariffsId)('какие тарифы на месяц есть дешевле пяти тыщ?')).text;
    expect(a).toContain('Вечерний');
    expect(a).toContain('3900');
    expect(a).not.toContain('7900');
  });
});

describe('local answerer on a price list of flats', () => {
  const ask = askOf(() => cleaningId);

  it('reads "двушка" and "трёхкомнатная" as the sheet counts rooms, and answers the row of that flat', async () => {
    const a = await ask('скок стоит генералка в двушке?');
    expect(a.source).toBe('knowledge');
    expect(a.text).toContain('10900');
    expect(a.text).not.toContain('7900');
    const three = await ask('Генеральная уборка трёхкомнатной квартиры сколько будет стоить?');
    expect(three.text).toContain('14500');
    expect(three.text).not.toContain('10900');
  });

  it('answers the row whose range of copies holds the count asked ("от 100 шт." for 150)', async () => {
    const many = await ask('у меня штук 150 фоток 10 на 15, одна во сколько обойдется?');
    expect(many.text).toContain('от 100 шт.');
    expect(many.text).not.toContain('1–99 шт.');
    const few = await ask('у меня штук 30 фоток 10 на 15, одна во сколько обойдется?');
    expect(few.text).toContain('1–99 шт.');
  });

  it('reads a verb after "сколько" ("сколько стоят") as no thing counted beside a figure', async () => {
    const a = await ask('сколько стоят визитки на 200 штук');
    expect(a.text).toMatch(/^Продукция: Визитки; [^\n]*Цена, руб\.: 1400/);
  });
});

describe('local answerer on a timetable of ages', () => {
  const ask = askOf(() => kidsId);

  it("lists the rows whose ages hold the child's, a row with an empty cell among them", async () => {
    expect((await ask('сыну три года исполнилось в марте. что у вас есть для трехлеток?')).text).toBe(
      'Возраст: 3 года\n- Вместе с мамой\n- Развивайка\n- Hello, English!',
    );
  });

  it('compares the price asked, not reading "месяц" as the "12" of a value ("группа до 12 детей")', async () => {
    expect((await ask('что у вас подешевле есть? чтобы меньше трех с половиной тыщ в месяц')).text).toBe(
      'Цена в месяц (руб.), меньше 3500\n- ИЗО-студия — 3200',
    );
  });

  it('narrows the values named (a branch, a day shortened in the sheet) by the age', async () => {
    expect((await ask('ребенку 8 лет, какие занятия по субботам на широтной?')).text).toBe(
      'Филиал: Широтная, Дни недели: сб, Возраст: 8 лет\n- Шахматы\n- ИЗО-студия',
    );
  });
});

describe('local answerer on a catalogue', () => {
  it("lists the rows a list question's word names in their other cells, with their prices", async () => {
    const a = await askOf(() => flowersId)('что у вас есть из пионов и почем?');
    expect(a.text).toBe('Цена (руб.):\n- Нежность — 6400\n- Пионовое облако — 7900');
  });

  it('answers the row the question names by its name, not one naming it in another cell', async () => {
    const a = await askOf(() => flowersId)('какой состав у нежности?');
    expect(a.text).toContain('5 пионовидных роз');
    expect(a.text).not.toContain('Корзина');
  });
});

describe('local answerer on a list of rooms by capacity', () => {
  const ask = async (question: string) => (await askOf(() => bathsId)(question)).text;

  it('lists the rooms that take the company counted, a row whose note holds "; " among them', async () => {
    expect(await ask('нас будет человек одиннадцать, какая баня подойдет?')).toBe(
      'Вместимость: 11 и больше\n- Терем\n- Купеческая\n- Беседка большая',
    );
    // "Нас 11" counts the company too, and "почём" lists the rows with their prices, the column named.
    expect(await ask('нас одиннадцать, какая баня всех вместит и почём час?')).toMatch(
      /^Вместимость: 11 и больше; Будни, руб\.\/час:\n- Терем — \d+\n- Купеческая — \d+\n- Беседка большая — \d+$/,
    );
  });

  it('answers a superlative with the row of the lowest price, of the kind named and taking the company', async () => {
    expect(await ask('какая сауна у вас самая дешёвая? мы вдвоём')).toBe(
      'Будни, руб./час, самая дешевая:\n- Малая — 1200',
    );
    // Малая takes 3.
    expect(await ask('мы вчетвером, какая сауна самая дешевая?')).toBe(
      'Будни, руб./час, самая дешевая:\n- Финка — 1800',
    );
    expect(await ask('какая баня самая дорогая?')).toBe('Будни, руб./час, самая дорогая:\n- Купеческая — 5500');
  });

  it('answers of the rows a word names the one that takes the company counted', async () => {
    const big = await ask('человек 15 хотим в воскресенье шашлыки пожарить. беседка сколько стоит в час?');
    expect(big).toContain('Беседка большая');
    expect(big).not.toContain('Беседка малая');
  });
});

describe('local answerer on rules that bound a quantity', () => {
  const ask = async (question: string) => (await askOf(() => rulesId)(question)).text;

  it("answers with the rule whose range holds the visitor's own figure, not the one beside it", async () => {
    const a = await ask(
      'забронировали на субботу, но похоже придется отменять, это где-то за 30 часов до начала. сколько денег вернете?',
    );
    expect(a).toContain('50%');
    expect(a).not.toMatch(/^(?:Исключение|Деньги)/);
  });

  it('answers a limit asked ("максимальный номинал") with the sentence that bounds it ("до 20 000 рублей")', async () => {
    const a = await ask('Какой максимальный номинал сертификата?');
    expect(a).toContain('до 20 000 рублей');
  });

  it('keeps the frame of a long list ("…не перевозит:") before the part of it the question names', async () => {
    const a = await ask('а газовый баллон перевезёте?');
    expect(a).toMatch(/^Исполнитель не перевозит: /);
    expect(a).toContain('газовые баллоны');
    expect(a.length).toBeLessThanOrEqual(300);
  });

  it('reads "как доехать, вы на какой улице?" as asking the address, not "на улице сухо"', async () => {
    expect(await ask('как к вам доехать, вы на какой улице?')).toContain('Молодогвардейская');
  });

  it('answers "за сколько надо предупредить" with the lead time a rule says ("не позднее чем за 24 часа")', async () => {
    const a = await ask('за сколько надо предупредить, чтобы занятие не сгорело?');
    expect(a).toContain('не позднее чем за 24 часа');
  });

  it("answers a child's age with the rule whose bound holds it", async () => {
    expect(await ask('малому 2 года, можно его с собой в парную ненадолго?')).toContain('до 3 лет в парную нельзя');
  });
});
