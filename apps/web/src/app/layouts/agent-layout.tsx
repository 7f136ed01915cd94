import { Outlet } from 'react-router';
import { NavigationEffects } from '../navigation-effects';

/** `/agent` and `/agentHome`: no side menu, header or footer (spec §2). */
export function AgentLayout() {
  return (
    <div className="agent-shell">
      <NavigationEffects />
      <Outlet />
    </div>
  );
}
