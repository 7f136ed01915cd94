import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NavigationEffects } from '../navigation-effects';

/** `/agent` and `/agentHome`: no side menu, header or footer (spec §2). */
export function AgentLayout() {
  return (
    <div className="agent-shell">
      <NavigationEffects />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
