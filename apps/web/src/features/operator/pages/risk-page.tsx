import { mayCall } from '../api/ops-client';
import { RiskQueue } from '../risk/risk-queue';
import { RiskSettingsCard } from '../risk/risk-settings';
import '../risk/risk.css';
import type { OpsPageProps } from './types';

/**
 * Risk: the flags raised on their own from what members do (large wins, deposits and withdrawals,
 * many accounts on one IP, a withdrawal right after a deposit with no play) and the thresholds
 * behind them. Risk and admin review; support reads.
 */
export default function RiskPage({ brand, identity }: OpsPageProps) {
  return (
    <div className="ops-risk">
      <RiskQueue key={brand.code} brand={brand} mayReview={mayCall(identity.role, 'opsRiskFlagReview')} />
      <RiskSettingsCard
        key={`s-${brand.code}`}
        brand={brand}
        mayEdit={mayCall(identity.role, 'opsRiskSettingsUpdate')}
      />
    </div>
  );
}
