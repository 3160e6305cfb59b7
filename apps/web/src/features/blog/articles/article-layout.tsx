import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { ButtonLink } from '@/shared/ui/button';
import styles from '../blog.module.css';

export function ArticleLayout({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  usePageMeta(path);
  return (
    <div className={styles.page}>
      <article className={`${styles.container} ${styles.narrow} ${styles.article}`}>
        <Link to="/blog" className={styles.back}>
          ← База знаний
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {children}
        <aside className={styles.cta}>
          <p>Попробуйте Отклик на своих данных — 14 дней бесплатно, без привязки карты.</p>
          <ButtonLink
            to="/assistant/create/design?trial=14days"
            variant="secondary"
            size="lg"
            className={styles.ctaButton}
          >
            Создать ассистента
          </ButtonLink>
        </aside>
      </article>
    </div>
  );
}
