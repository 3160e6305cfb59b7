import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2.1: each navigation scrolls to the top; a link to an anchor scrolls to the anchor. */
export function ScrollToTop() {
  const { key, hash } = useLocation();
  useLayoutEffect(() => {
    void key;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [key, hash]);
  return null;
}
