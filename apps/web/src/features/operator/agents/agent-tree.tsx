import type { AgentTreeNode } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { type OpsFormat, useOpsFormat } from '../lib/format';
import { useAgentTree } from '../risk/api';

interface TreeProps {
  brand: OpsBrand;
  fmt: OpsFormat;
  mayMove: boolean;
  onMove(account: string): void;
  /** Opens a top agent's contracts; absent when the role may not read them. */
  onContracts?(agent: { id: string; account: string }): void;
}

/** A top agent: an agent with no upline (the platform pays its contracts). */
export const isTopAgent = (node: AgentTreeNode) => node.isAgent && node.level === 0;

/** One member of the tree: expands to its direct downlines (loaded when opened). */
function Node({ node, ...props }: TreeProps & { node: AgentTreeNode }) {
  const { t } = useTranslation('operator');
  const [open, setOpen] = useState(false);
  const { fmt } = props;
  return (
    <li>
      <div className="ops-agents__node" data-testid="ops-agent-node">
        {node.directCount > 0 ? (
          <button
            type="button"
            className="ops-agents__toggle"
            aria-expanded={open}
            aria-label={t(open ? 'agents.collapse' : 'agents.expand', { account: node.account })}
            onClick={() => setOpen(!open)}
          >
            {open ? '−' : '+'}
          </button>
        ) : (
          <span aria-hidden="true" />
        )}
        <span>
          <strong>{node.account}</strong>
          <span className="ops-sub muted">
            {node.isAgent ? t('agents.agent') : t('agents.member')} · {t('agents.level', { n: node.level })}
            {node.status !== 'active' ? ` · ${node.status}` : ''}
          </span>
        </span>
        <span className="ops-agents__figure">
          <small>{t('agents.team')}</small>
          {node.teamSize}
          <span className="ops-sub muted">{t('agents.direct', { n: node.directCount })}</span>
        </span>
        <span className="ops-agents__figure ops-agents__figure--valid">
          <small>{t('agents.valid_bet')}</small>
          {fmt.minor(node.month.validBet)}
        </span>
        <span className="ops-agents__figure ops-agents__figure--wide">
          <small>{t('agents.profit_loss')}</small>
          {fmt.minor(node.month.profitLoss, true)}
          <span className="ops-sub muted">
            {t('agents.deposits')} {fmt.minor(node.month.depositAmount)}
          </span>
        </span>
        <span className="ops-agents__move ops-agents__actions">
          {props.onContracts && isTopAgent(node) && (
            <button
              type="button"
              className="button button--small"
              aria-label={t('agentContracts.open_label', { account: node.account })}
              onClick={() => props.onContracts?.({ id: node.id, account: node.account })}
            >
              {t('agentContracts.open')}
            </button>
          )}
          {props.mayMove && (
            <button type="button" className="button button--small" onClick={() => props.onMove(node.account)}>
              {t('agents.move')}
            </button>
          )}
        </span>
      </div>
      {open && <Level parentId={node.id} {...props} />}
    </li>
  );
}

/** The direct downlines of `parentId` (null: the members with no upline). */
function Level({ parentId, ...props }: TreeProps & { parentId: string | null }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const level = useAgentTree(props.brand.code, parentId);
  if (level.isPending)
    return (
      <p className="ops-card__state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
      </p>
    );
  if (level.error)
    return (
      <p className="form__error" role="alert">
        {errorText(level.error)}
      </p>
    );
  return (
    <ul>
      {level.data.list.map((n) => (
        <Node key={n.id} node={n} {...props} />
      ))}
      {level.data.total > level.data.list.length && (
        <li className="muted">{t('agents.more', { n: level.data.total - level.data.list.length })}</li>
      )}
    </ul>
  );
}

/**
 * The brand's agent tree from `rootId` down (null: from the top), with the chain of uplines above
 * the root to climb back; each member opens to its downlines.
 */
export function AgentTree({
  brand,
  rootId,
  mayMove,
  onRoot,
  onMove,
  onContracts,
}: {
  brand: OpsBrand;
  rootId: string | null;
  mayMove: boolean;
  onRoot(id: string | null): void;
  onMove(account: string): void;
  onContracts?(agent: { id: string; account: string }): void;
}) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const root = useAgentTree(brand.code, rootId, rootId !== null);
  return (
    <section className="ops-card" aria-labelledby="ops-agents-tree-title">
      <header className="ops-card__header">
        <h2 id="ops-agents-tree-title">{t('agents.tree_title')}</h2>
        {root.data && <span className="muted">{t('agents.month', root.data.month)}</span>}
      </header>
      <nav aria-label={t('agents.path')}>
        <ol className="ops-agents__crumbs">
          <li>
            <button type="button" className="link-button" onClick={() => onRoot(null)}>
              {t('agents.top')}
            </button>
          </li>
          {rootId !== null &&
            root.data?.path.map((p) => (
              <li key={p.id}>
                {p.id === rootId ? (
                  <strong aria-current="page">{p.account}</strong>
                ) : (
                  <button type="button" className="link-button" onClick={() => onRoot(p.id)}>
                    {p.account}
                  </button>
                )}
              </li>
            ))}
        </ol>
      </nav>
      <div
        className={`ops-agents__tree${onContracts ? ' ops-agents__tree--contracts' : ''}`}
        data-testid="ops-agent-tree"
      >
        {rootId !== null && root.data?.parent ? (
          <ul>
            <Node
              key={rootId}
              node={root.data.parent}
              brand={brand}
              fmt={fmt}
              mayMove={mayMove}
              onMove={onMove}
              onContracts={onContracts}
            />
          </ul>
        ) : rootId === null ? (
          <Level
            parentId={null}
            brand={brand}
            fmt={fmt}
            mayMove={mayMove}
            onMove={onMove}
            onContracts={onContracts}
          />
        ) : null}
      </div>
    </section>
  );
}
