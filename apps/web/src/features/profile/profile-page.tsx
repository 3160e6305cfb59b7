import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { useProfile } from './api/profile-api';
import { DeleteAccountCard, SessionCard } from './components/account-card';
import { NotifyCard } from './components/notify-card';
import { PasswordCard } from './components/password-card';
import { PersonalCard } from './components/personal-card';
import styles from './profile-page.module.css';
import { PROFILE_TEXTS as T } from './ru';

/** Spec §2.12. */
export default function ProfilePage() {
  useDocumentTitle(T.title);
  const profile = useProfile();
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      {profile.isPending ? (
        <div className={styles.state}>
          <Spinner size={24} label={T.title} />
        </div>
      ) : profile.isError ? (
        <div className={styles.state} role="alert">
          <p>{T.loadError}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : (
        <div className={styles.stack}>
          <PersonalCard profile={profile.data} />
          <NotifyCard profile={profile.data} />
          <PasswordCard />
          <SessionCard />
          <DeleteAccountCard />
        </div>
      )}
    </>
  );
}
