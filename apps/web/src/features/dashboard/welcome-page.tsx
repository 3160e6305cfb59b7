import { Link } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { ButtonLink } from '@/shared/ui/button';
import { ArrowRightIcon, PlusIcon } from '@/shared/ui/icons';
import { WELCOME_TEXTS as T } from './ru';
import styles from './welcome-page.module.css';

/** Spec §2.15 leaves the content to us: a start page that leads to the first assistant. */
export default function WelcomePage() {
  useDocumentTitle(T.eyebrow);
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <p className={styles.eyebrow}>{T.eyebrow}</p>
        <h1 id="welcome-title" className={styles.title}>
          {T.title}
        </h1>
        <p className={styles.lead}>{T.lead}</p>
        <div className={styles.actions}>
          <ButtonLink to={PATHS.createDesign} size="lg" icon={<PlusIcon size={18} />}>
            {T.create}
          </ButtonLink>
          <ButtonLink to={PATHS.assistants} size="lg" variant="secondary">
            {T.myAssistants}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.sectionTitle}>
          {T.stepsTitle}
        </h2>
        <ol className={styles.steps}>
          {T.steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="reads-title">
        <h2 id="reads-title" className={styles.sectionTitle}>
          {T.readTitle}
        </h2>
        <ul className={styles.reads}>
          {T.reads.map((read) => (
            <li key={read.to}>
              <Link to={read.to} className={styles.read}>
                <span>
                  <span className={styles.readTitle}>{read.title}</span>
                  <span className={styles.readText}>{read.text}</span>
                </span>
                <ArrowRightIcon size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
