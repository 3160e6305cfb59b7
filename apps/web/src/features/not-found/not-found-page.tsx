import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { ButtonLink } from '@/shared/ui/button';
import styles from './not-found-page.module.css';

export const NOT_FOUND_TEXTS = {
  title: 'Страница не найдена',
  text: 'Возможно, ссылка устарела или в адресе опечатка.',
  home: 'На главную',
} as const;

export default function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  return (
    <div className={styles.wrap}>
      <img src="/site/sad-robot.svg" alt="" width={160} height={160} className={styles.image} />
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{NOT_FOUND_TEXTS.title}</h1>
      <p className={styles.text}>{NOT_FOUND_TEXTS.text}</p>
      <ButtonLink to={PATHS.home}>{NOT_FOUND_TEXTS.home}</ButtonLink>
    </div>
  );
}
