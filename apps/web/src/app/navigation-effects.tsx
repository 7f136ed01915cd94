import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TopProgress } from '../components/page-loader';
import { usePageLoading } from '../lib/page-loads';
import { useUiStore } from '../lib/ui-store';

/** Spec §2: every route change scrolls smoothly to the top and hides the loader. */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const loading = usePageLoading();
  const setLoading = useUiStore((s) => s.setLoading);
  // The first page of a visit opens at its top already: scrolling there would only force a layout
  // of the whole page in the middle of the first render's work.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else window.scrollTo({ top: 0, behavior: 'smooth' });
    setLoading(false);
  }, [pathname, setLoading]);
  return <TopProgress active={loading} />;
}
