import type { ContractKindName } from '@arcadia/contract';

/** One tier of a contract as the server answers it (thresholds in major units, rate a fraction or an amount). */
export interface ContractTierRow {
  minimumBet: number;
  netLoss: number;
  activeMember: number;
  rateType: 'P' | 'F';
  rate: number;
}

export interface ContractTierTableProps {
  kind: Exclude<ContractKindName, 'realtime'>;
  details: readonly ContractTierRow[];
  /** The translated headers: each screen words them in its own namespace. */
  labels: {
    caption: string;
    tier: string;
    bet: string;
    netLoss: string;
    activeMembers: string;
    rate: string;
  };
  money: (value: number) => string;
  count?: (value: number) => string;
  percent: (rate: number) => string;
  /** Prefixes each threshold with "≥" (the agent centre's reading of a tier). */
  atLeast?: boolean;
  testId?: string;
}

/**
 * A dividend, daily or hourly contract's tier table, shared by the agent centre and the operator
 * console: the bet threshold (and net loss for dividends), the active members, and the rate.
 */
export function ContractTierTable({
  kind,
  details,
  labels,
  money,
  count = String,
  percent,
  atLeast = false,
  testId,
}: ContractTierTableProps) {
  const min = atLeast ? '≥ ' : '';
  return (
    <table className="data-table" data-testid={testId}>
      <caption className="visually-hidden">{labels.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.tier}</th>
          <th scope="col" className="data-table__num">
            {labels.bet}
          </th>
          {kind === 'dividend' && (
            <th scope="col" className="data-table__num">
              {labels.netLoss}
            </th>
          )}
          <th scope="col" className="data-table__num">
            {labels.activeMembers}
          </th>
          <th scope="col" className="data-table__num">
            {labels.rate}
          </th>
        </tr>
      </thead>
      <tbody>
        {details.map((d, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td className="data-table__num">
              {min}
              {money(d.minimumBet)}
            </td>
            {kind === 'dividend' && (
              <td className="data-table__num">
                {min}
                {money(d.netLoss)}
              </td>
            )}
            <td className="data-table__num">
              {min}
              {count(d.activeMember)}
            </td>
            <td className="data-table__num">{d.rateType === 'P' ? percent(d.rate) : money(d.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
