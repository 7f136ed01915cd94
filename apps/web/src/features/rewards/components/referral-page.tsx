import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { PanelLoading } from '../../../components/panel-state';
import { QrCode } from '../../../components/qr-code';
import { CopyGlyph, useCopy } from '../../../components/user-id';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type Referee, useRefereesQuery, useReferralDetailsQuery } from '../api/referral';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

const pageSize = 10;

/** The link a friend opens: this site's register page carrying the code (spec §2: /register). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/register?referralCode=${encodeURIComponent(code)}`;
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('rewards');
  const { copied, copy } = useCopy(value);
  return (
    <div className="referral__copy">
      <span className="referral__copy-label">{label}</span>
      <code className="referral__copy-value" data-testid={testId}>
        {value}
      </code>
      <button type="button" className="button button--small" onClick={copy}>
        <CopyGlyph /> {copied ? t('referral_copied') : t('referral_copy')}
      </button>
    </div>
  );
}

const statusTone: Record<Referee['status'], string> = {
  pending: 'pending',
  paid: 'ok',
  flagged: 'pending',
  rejected: 'bad',
  expired: 'muted',
};

/**
 * Invite friends (`referral`): the member's link and code with a QR code (spec §9 defaults), the
 * programme's terms, what it earned, and its friends' progress toward them.
 */
export function ReferralPage() {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const details = useReferralDetailsQuery();
  const [pageNo, setPageNo] = useState(1);
  const referees = useRefereesQuery(pageNo, pageSize);

  if (details.isPending) return <PanelLoading />;
  if (details.isError)
    return (
      <p className="field__error" role="alert">
        {errorText(details.error)}
      </p>
    );
  const d = details.data;
  if (!d.enabled || !d.referralCode) return <EmptyState message={t('referral_off')} />;
  const link = referralLink(window.location.origin, d.referralCode);
  const share = () =>
    void navigator
      .share?.({ title: t('referral_share_title'), text: t('referral_share_text'), url: link })
      .catch(() => undefined);

  const columns: DataColumn<Referee>[] = [
    { id: 'account', header: t('col_friend'), cell: ({ row }) => row.original.account },
    { id: 'joined', header: t('col_joined'), cell: ({ row }) => dateTime(row.original.joinedAt) },
    {
      id: 'deposit',
      header: t('col_deposit'),
      meta: { numeric: true },
      cell: ({ row }) => `${money(row.original.deposit)} / ${money(d.minDeposit)}`,
    },
    {
      id: 'bets',
      header: t('col_valid_bet'),
      meta: { numeric: true },
      cell: ({ row }) => `${money(row.original.validBet)} / ${money(d.minValidBet)}`,
    },
    {
      id: 'status',
      header: t('col_status'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${statusTone[row.original.status]}`}>
          {t(`referral_status.${row.original.status}`)}
          {row.original.status === 'paid' && ` · ${money(row.original.reward)}`}
        </span>
      ),
    },
  ];
  const list = referees.data;

  return (
    <div className="referral">
      <section className="referral__hero" aria-labelledby="referral-title">
        <div className="referral__pitch">
          <h3 id="referral-title">{t('referral_title', { amount: money(d.reward) })}</h3>
          <p className="referral__terms">
            {t('referral_terms', {
              deposit: money(d.minDeposit),
              bets: money(d.minValidBet),
              days: d.windowDays,
              amount: money(d.reward),
            })}
          </p>
          <CopyRow label={t('referral_link')} value={link} testId="referral-link" />
          <CopyRow label={t('referral_code')} value={d.referralCode} testId="referral-code" />
          {typeof navigator.share === 'function' && (
            <button type="button" className="button button--primary" onClick={share}>
              {t('referral_share')}
            </button>
          )}
          <dl className="rebate__figures referral__figures">
            <div>
              <dt>{t('referral_invited')}</dt>
              <dd data-testid="referral-invited">{d.totalInvitations}</dd>
            </div>
            <div>
              <dt>{t('referral_qualified')}</dt>
              <dd>{d.qualified}</dd>
            </div>
            <div>
              <dt>{t('referral_earned')}</dt>
              <dd>{money(d.earned)}</dd>
            </div>
          </dl>
        </div>
        <figure className="referral__qr">
          <QrCode value={link} label={t('referral_qr_label')} />
          <figcaption>{t('referral_qr_caption')}</figcaption>
        </figure>
      </section>
      <section aria-labelledby="referees-title">
        <h3 id="referees-title">{t('referees_title')}</h3>
        {referees.isPending ? (
          <PanelLoading />
        ) : !list || list.list.length === 0 ? (
          <EmptyState message={t('referees_none')} />
        ) : (
          <>
            <DataTable
              columns={columns}
              data={list.list}
              caption={t('referees_title')}
              rowKey={(r) => `${r.account}-${r.joinedAt}`}
              testId="referees"
            />
            <Pagination
              page={pageNo}
              totalPages={Math.ceil(list.total / pageSize)}
              onChange={setPageNo}
              label={t('referees_title')}
            />
          </>
        )}
      </section>
    </div>
  );
}
