import { useSiteConfig } from '@/shared/lib/site-config';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { ContactForm } from './components/contact-form';
import { Hero } from './components/hero';
import { Pricing } from './components/pricing';
import { Advantages, AiFeatures, HowItWorks, Tagline, Turnkey } from './components/sections';
import styles from './landing.module.css';
import { CONTACT } from './texts';

/** Spec §2.3: the blocks in their order. */
export default function LandingPage() {
  usePageMeta('/');
  const { supportTelegram } = useSiteConfig();
  return (
    <div className={styles.page}>
      <Hero />
      <Tagline />
      <HowItWorks />
      <Advantages />
      <Pricing telegram={supportTelegram} />
      <AiFeatures />
      <section id="contact" className={`${styles.section} ${styles.tinted}`} aria-labelledby="contact-title">
        <div className={`${styles.container} ${styles.contact}`}>
          <div>
            <h2 id="contact-title" className={styles.sectionTitle}>
              {CONTACT.title}
            </h2>
            <p className={styles.sectionLead}>{CONTACT.lead}</p>
          </div>
          <ContactForm />
        </div>
      </section>
      <Turnkey telegram={supportTelegram} />
    </div>
  );
}
