import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec §2.2 and §9: the mobile variant applies at a window width of at most 1000 px. */
export const MOBILE_QUERY = '(max-width: 1000px)';

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
