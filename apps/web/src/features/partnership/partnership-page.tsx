import { usePageMeta } from '@/shared/lib/use-page-meta';
import styles from './partnership.module.css';
import { PartnershipForm } from './partnership-form';

const WHO = [
  {
    title: 'Веб-студии',
    text: 'Добавьте ассистента в каждый проект и получайте доход с поддержки, а не только с разработки.',
  },
  {
    title: 'Маркетологи и агентства',
    text: 'Ассистент отвечает на заявки с рекламы за секунды — конверсия ваших кампаний растёт.',
  },
  {
    title: 'Интеграторы и фрилансеры',
    text: 'Собирайте ботов под ключ: промт, база знаний, виджет и Telegram — на нашей платформе.',
  },
];

const TERMS = [
  { value: '30%', text: 'с каждого платежа приведённого клиента в течение первого года' },
  { value: '14 дней', text: 'бесплатного пробного периода для ваших клиентов' },
  { value: '1 кабинет', text: 'чтобы вести ассистентов нескольких клиентов' },
];

export default function PartnershipPage() {
  usePageMeta('/partnership');
  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <section className={styles.hero} aria-labelledby="partner-title">
          <p className={styles.eyebrow}>Партнёрская программа</p>
          <h1 id="partner-title" className={styles.title}>
            Зарабатывайте на ИИ-ассистентах для своих клиентов
          </h1>
          <p className={styles.lead}>
            Вы приводите бизнес, который устал отвечать на одни и те же вопросы, — мы даём платформу, поддержку и
            вознаграждение с каждого платежа.
          </p>
          <ul className={styles.terms}>
            {TERMS.map((t) => (
              <li key={t.value}>
                <strong>{t.value}</strong>
                <span>{t.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="who-title">
          <h2 id="who-title" className={styles.h2}>
            Кому подходит
          </h2>
          <ul className={styles.cards}>
            {WHO.map((w) => (
              <li key={w.title} className={styles.card}>
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.split} aria-labelledby="how-title">
          <div>
            <h2 id="how-title" className={styles.h2}>
              Как это устроено
            </h2>
            <ol className={styles.how}>
              <li>Оставляете заявку — менеджер свяжется в течение рабочего дня и откроет партнёрский кабинет.</li>
              <li>Подключаете клиентов по своей ссылке или создаёте ассистентов за них.</li>
              <li>Получаете 30% с их оплат ежемесячно, с актом и закрывающими документами.</li>
              <li>Мы помогаем с демонстрациями, промтами и сложными базами знаний.</li>
            </ol>
          </div>
          <div className={styles.formCard}>
            <h2 className={styles.h2}>Заявка на партнёрство</h2>
            <PartnershipForm />
          </div>
        </section>
      </div>
    </div>
  );
}
