import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mayCall } from '../api/ops-client';
import { AgentSearch } from '../agents/agent-search';
import { AgentTree } from '../agents/agent-tree';
import { MoveDialog } from '../agents/move-dialog';
import '../risk/risk.css';
import type { OpsPageProps } from './types';

/**
 * Agents: the brand's agent tree with each member's team size and this month's team figures, a
 * search that shows where a member sits, and (admin) moving a member or an agent with its team
 * under another agent, with a reason. The tree's root lives in the address (`?root=<id>`).
 */
export default function AgentsPage({ brand, identity }: OpsPageProps) {
  const [params, setParams] = useSearchParams();
  const rootId = /^[1-9][0-9]*$/.test(params.get('root') ?? '') ? params.get('root') : null;
  const mayMove = mayCall(identity.role, 'opsAgentMove');
  const [moving, setMoving] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onRoot = useCallback(
    (id: string | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('root');
        else next.set('root', id);
        return next;
      }),
    [setParams],
  );
  const onMove = useCallback((account: string) => {
    setNotice(null);
    setMoving(account);
  }, []);
  return (
    <div className="ops-risk">
      {notice && (
        <p className="ops-card ops-agents__notice" role="status">
          {notice}
        </p>
      )}
      <AgentSearch brand={brand} mayMove={mayMove} onShow={onRoot} onMove={onMove} />
      <AgentTree brand={brand} rootId={rootId} mayMove={mayMove} onRoot={onRoot} onMove={onMove} />
      {moving && (
        <MoveDialog
          brand={brand}
          account={moving}
          onClose={() => setMoving(null)}
          onMoved={(text) => {
            setMoving(null);
            setNotice(text);
          }}
        />
      )}
    </div>
  );
}
