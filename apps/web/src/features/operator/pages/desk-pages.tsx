import { mayCall } from '../api/ops-client';
import { AdjustmentForm } from '../components/adjustment-form';
import { AuditLog } from '../components/audit-log';
import { BookDesk } from '../components/book-desk';
import { InboxComposer } from '../components/inbox-composer';
import { InboxMessages } from '../components/inbox-messages';
import { LotteryResultsDesk } from '../components/lottery-results-desk';
import { PaymentQueue } from '../components/payment-queue';
import { RebateDesk } from '../components/rebate-desk';
import { RewardsReviewDesk } from '../components/rewards-review-desk';
import { RewardsSettingsDesk } from '../components/rewards-settings-desk';
import { SupportDesk } from '../components/support-desk';
import type { OpsPageProps } from './types';

/** Payments: the deposit and withdrawal queues and the manual adjustment form. */
export function PaymentsPage({ brand, identity }: OpsPageProps) {
  return (
    <>
      <PaymentQueue brand={brand} role={identity.role} />
      {mayCall(identity.role, 'opsAdjustment') && <AdjustmentForm brand={brand} />}
    </>
  );
}

/** Customer service: the conversations and canned replies. */
export function SupportPage({ brand, identity }: OpsPageProps) {
  return <SupportDesk brand={brand} identity={identity} />;
}

/** Rewards: rebates, applications and points redemptions, and the brand's reward settings. */
export function RewardsPage({ brand, identity }: OpsPageProps) {
  return (
    <>
      {mayCall(identity.role, 'opsRebateSummary') && (
        <RebateDesk brand={brand} mayRun={mayCall(identity.role, 'opsRebateRun')} />
      )}
      {mayCall(identity.role, 'opsApplications') && (
        <RewardsReviewDesk brand={brand} mayDecide={mayCall(identity.role, 'opsApplicationReview')} />
      )}
      {mayCall(identity.role, 'opsRewardsSettings') && (
        <RewardsSettingsDesk brand={brand} mayEdit={mayCall(identity.role, 'opsRewardsSettingsUpdate')} />
      )}
    </>
  );
}

/** Sportsbook results and lottery draws: every brand's, so for all-brand admins only. */
export function BooksPage({ identity }: OpsPageProps) {
  return (
    <>
      {mayCall(identity.role, 'opsSportsResult') && <BookDesk />}
      {mayCall(identity.role, 'opsLotteryResult') && <LotteryResultsDesk />}
    </>
  );
}

/** Member messages: compose and the sent list. */
export function MessagesPage({ brand }: OpsPageProps) {
  return (
    <div className="ops-grid ops-grid--inbox">
      <InboxComposer brand={brand} />
      <InboxMessages brand={brand} />
    </div>
  );
}

/** The audit log of every manual action on the brand. */
export function AuditPage({ brand }: OpsPageProps) {
  return <AuditLog brand={brand} />;
}
