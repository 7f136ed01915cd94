import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mayCall } from '../api/ops-client';
import { AgentSearch } from '../agents/agent-search';
import { AgentTree } from '../agents/agent-tree';
import { ContractsPanel } from '../agents/contracts-panel';
import { MoveDialog } from '../agents/move-dialog';
import '../risk/risk.css';
import type { OpsPageProps } from './types';

/**
 * Agents: the brand's agent tree with each member's team size and this month's team figures, a
 * search that shows where a member sits, and (admin) moving a member or an agent with its team
 * under another agent, with a reason. The tree's root lives in the address (`?root=<id>`). A top
 * agent's contracts (paid by the platform) open in a panel for the roles that may read them.
 */
export default function AgentsPage({ brand, identity }: OpsPageProps) {
  const [params, setParams] = useSearchParams();
  const rootId = /^[1-9][0-9]*$/.test(params.get('root') ?? '') ? params.get('root') : null;
  const mayMove = mayCall(identity.role, 'opsAgentMove');
  const [moving, setMoving] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mayContracts = mayCall(identity.role, 'opsContractGet');
  const [contractsOf, setContractsOf] = useState<{ id: string; account: string } | null>(null);
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
      {contractsOf && mayContracts && (
        <ContractsPanel
          key={contractsOf.id}
          brand={brand}
          role={identity.role}
          agent={contractsOf}
          onClose={() => setContractsOf(null)}
        />
      )}
      <AgentTree
        brand={brand}
        rootId={rootId}
        mayMove={mayMove}
        onRoot={onRoot}
        onMove={onMove}
        onContracts={mayContracts ? setContractsOf : undefined}
      />
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
