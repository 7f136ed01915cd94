import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { TopProgress } from '../components/page-loader';
import { usePageLoading } from '../lib/page-loads';
import { useUiStore } from '../lib/ui-store';

/** Spec §2: every route change scrolls smoothly to the top and hides the loader. */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const loading = usePageLoading();
  const setLoading = useUiStore((s) => s.setLoading);
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setLoading(false);
  }, [pathname, setLoading]);
  return <TopProgress active={loading} />;
}
