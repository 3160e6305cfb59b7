import { Link } from 'react-router';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { ARTICLES } from './articles';
import styles from './blog.module.css';

/** Spec §2.15: the list titled 'База знаний' with three cards. */
export default function BlogPage() {
  usePageMeta('/blog');
  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <h1 className={styles.title}>База знаний</h1>
        <p className={styles.lead}>
          Короткие практичные инструкции: как запустить ассистента и научить его отвечать как ваш лучший менеджер.
        </p>
        <ul className={styles.cards}>
          {ARTICLES.map((a) => (
            <li key={a.name}>
              <Link to={a.path} className={styles.card}>
                <img className={styles.cover} src={a.cover} alt="" width={640} height={360} loading="lazy" />
                <div className={styles.cardBody}>
                  <span className={styles.tag}>{a.tag}</span>
                  <h2 className={styles.cardTitle}>{a.title}</h2>
                  <p className={styles.cardText}>{a.text}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
