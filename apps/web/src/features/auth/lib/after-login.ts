import { useNavigate } from 'react-router';
import { PATHS, requiresLogin } from '@/shared/lib/paths';
import { redirectPathStore } from '@/shared/lib/storage';

const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** Spec §2.1: after a login go to the remembered path, otherwise back, otherwise to /. */
export function useGoAfterLogin() {
  const navigate = useNavigate();
  return () => {
    const remembered = redirectPathStore.get();
    if (remembered) void navigate(remembered, { replace: true });
    else if (canGoBack()) void navigate(-1);
    else void navigate(PATHS.home, { replace: true });
  };
}

/**
 * After a signup the owner is signed in. A cabinet page they were sent away from comes first
 * (e.g. the trial button of the landing); otherwise the cabinet's welcome page.
 */
export function useGoAfterSignup() {
  const navigate = useNavigate();
  return () => {
    const remembered = redirectPathStore.get();
    const target = remembered && requiresLogin(remembered.split('?')[0] ?? '') ? remembered : PATHS.dashboard;
    void navigate(target, { replace: true });
  };
}
