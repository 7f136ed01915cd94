import { pointConvertBodySchema, pointRedeemBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RowData } from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { PanelLoading } from '../../../components/panel-state';
import { FilterTabs } from '../../../components/section';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import {
  type PointMovement,
  type PointRedemptionItem,
  type PointRewardItem,
  useConvertPoints,
  usePointBalanceQuery,
  usePointConfigQuery,
  usePointDetailsQuery,
  usePointHistoryQuery,
  usePointRewardsQuery,
  useRedeemPoints,
} from '../api/points';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

type Tab = 'redeem' | 'history' | 'details' | 'rules';
const PAGE_SIZE = 20;
const statusTone = { process: 'pending', approved: 'ok', rejected: 'bad' } as const;

/** The redeem dialog's fields, checked by the contract's own body schema. */
const redeemFields = pointRedeemBodySchema.pick({ quantity: true, address: true, paymentPassword: true });
const convertFields = pointConvertBodySchema.pick({ points: true, paymentPassword: true });

function RedeemDialog({ reward, onClose }: { reward: PointRewardItem; onClose(): void }) {
  const { t } = useTranslation('rewards');
  const errorText = useApiErrorText();
  const { money } = useRewardFormat();
  const redeem = useRedeemPoints();
  // One request id per dialog: a double click or a retry redeems once.
  const [requestId] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(redeemFields),
    defaultValues: { quantity: 1, address: reward.kind === 'goods' ? '' : undefined, paymentPassword: '' },
  });
  const quantity = Number(useWatch({ control, name: 'quantity' })) || 1;
  return (
    <Modal open onClose={onClose} title={t('redeem_title', { name: reward.name })}>
      <form
        className="form point-redeem"
        noValidate
        onSubmit={handleSubmit((v) =>
          redeem.mutate(
            { ...v, rewardId: reward.rewardId, requestId },
            {
              onSuccess: (r) => {
                showToast(
                  r.redemption.status === 'approved'
                    ? t('redeemed_cash', { amount: money(r.redemption.amount ?? 0) })
                    : t('redeemed_goods', { name: reward.name }),
                  'success',
                );
                onClose();
              },
            },
          ),
        )}
      >
        <p className="point-redeem__cost">
          {t('redeem_cost', { points: (reward.points * quantity).toLocaleString() })}
        </p>
        <TextField
          label={t('quantity')}
          type="number"
          min={1}
          max={100}
          error={errors.quantity ? t('quantity_invalid') : undefined}
          {...register('quantity', { valueAsNumber: true })}
        />
        {reward.kind === 'goods' && (
          <TextField
            label={t('address')}
            required
            autoComplete="street-address"
            error={errors.address ? t('address_invalid') : undefined}
            {...register('address')}
          />
        )}
        <TextField
          label={t('payment_password')}
          type="password"
          required
          autoComplete="off"
          error={errors.paymentPassword ? t('payment_password_required') : undefined}
          {...register('paymentPassword')}
        />
        {redeem.error && (
          <p className="field__error" role="alert">
            {errorText(redeem.error)}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={redeem.isPending}>
          {t('redeem_confirm')}
        </button>
      </form>
    </Modal>
  );
}

function ConvertCard({ balance, rate, min }: { balance: number; rate: number; min: number }) {
  const { t } = useTranslation('rewards');
  const errorText = useApiErrorText();
  const { money } = useRewardFormat();
  const convert = useConvertPoints();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(convertFields), defaultValues: { points: min, paymentPassword: '' } });
  const points = Number(useWatch({ control, name: 'points' })) || 0;
  return (
    <section className="point-convert" aria-labelledby="point-convert-title">
      <h3 id="point-convert-title">{t('convert_title')}</h3>
      <p className="rebate__hint">
        {t('convert_rate', { rate: rate.toLocaleString(), min: min.toLocaleString() })}
      </p>
      <form
        className="point-convert__form"
        noValidate
        onSubmit={handleSubmit((v) =>
          convert.mutate(
            { ...v, requestId },
            {
              onSuccess: (r) => {
                showToast(t('converted', { amount: money(r.redemption.amount ?? 0) }), 'success');
                reset({ points: min, paymentPassword: '' });
                setRequestId(crypto.randomUUID());
              },
            },
          ),
        )}
      >
        <TextField
          label={t('convert_points')}
          type="number"
          min={min}
          max={balance}
          hint={t('convert_gets', { amount: money(Math.floor((points * 100) / rate) / 100) })}
          error={errors.points ? t('quantity_invalid') : undefined}
          {...register('points', { valueAsNumber: true })}
        />
        <TextField
          label={t('payment_password')}
          type="password"
          autoComplete="off"
          error={errors.paymentPassword ? t('payment_password_required') : undefined}
          {...register('paymentPassword')}
        />
        <button type="submit" className="button" disabled={convert.isPending}>
          {t('convert')}
        </button>
        {convert.error && (
          <p className="field__error point-convert__error" role="alert">
            {errorText(convert.error)}
          </p>
        )}
      </form>
    </section>
  );
}

function Catalogue({ balance }: { balance: number | null }) {
  const { t } = useTranslation('rewards');
  const { money } = useRewardFormat();
  const rewards = usePointRewardsQuery();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const [chosen, setChosen] = useState<PointRewardItem | null>(null);
  if (rewards.isPending) return <PanelLoading />;
  const list = rewards.data?.list ?? [];
  if (list.length === 0) return <EmptyState message={t('no_rewards')} />;
  return (
    <>
      <ul className="point-rewards" aria-label={t('catalogue')}>
        {list.map((r) => {
          const soldOut = r.left !== null && r.left <= 0;
          const short = balance !== null && balance < r.points;
          return (
            <li key={r.rewardId} className={`point-reward point-reward--${r.kind}`}>
              <span className="point-reward__kind">{t(`kind_${r.kind}`)}</span>
              <h3 className="point-reward__name">{r.name}</h3>
              <p className="point-reward__text">{r.description}</p>
              <p className="point-reward__price">
                <strong>{t('points_n', { n: r.points.toLocaleString() })}</strong>
                {r.kind === 'cash' && r.amount !== null && <span>{money(r.amount)}</span>}
                {r.left !== null && <span>{t('left', { n: r.left })}</span>}
              </p>
              <button
                type="button"
                className="button button--primary"
                disabled={soldOut || (!!token && short)}
                onClick={() => (token ? setChosen(r) : openModal('login'))}
              >
                {soldOut ? t('sold_out') : t('redeem')}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && <RedeemDialog reward={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}

/** A paged read as a table: loading, empty, rows and pages. */
function PagedTable<Row extends RowData>(props: {
  useRows: (pageNo: number, pageSize: number) => UseQueryResult<{ list: Row[]; totalPages: number }>;
  columns: DataColumn<Row>[];
  caption: string;
  empty: string;
  rowKey: (row: Row) => string;
  testId: string;
}) {
  const [pageNo, setPageNo] = useState(1);
  const q = props.useRows(pageNo, PAGE_SIZE);
  if (q.isPending) return <PanelLoading />;
  const data = q.data;
  if (!data || data.list.length === 0) return <EmptyState message={props.empty} />;
  return (
    <>
      <DataTable
        columns={props.columns}
        data={data.list}
        caption={props.caption}
        rowKey={props.rowKey}
        testId={props.testId}
      />
      <Pagination page={pageNo} totalPages={data.totalPages} onChange={setPageNo} label={props.caption} />
    </>
  );
}

function History() {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const columns: DataColumn<PointRedemptionItem>[] = [
    { id: 'time', header: t('col_time'), cell: ({ row }) => dateTime(row.original.createdAt) },
    {
      id: 'reward',
      header: t('col_reward'),
      cell: ({ row }) => (row.original.kind === 'convert' ? t('kind_convert') : row.original.rewardName),
    },
    { id: 'qty', header: t('quantity'), meta: { numeric: true }, cell: ({ row }) => row.original.quantity },
    {
      id: 'points',
      header: t('col_points'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.points.toLocaleString(),
    },
    {
      id: 'amount',
      header: t('col_amount'),
      meta: { numeric: true },
      cell: ({ row }) => (row.original.amount === null ? '—' : money(row.original.amount)),
    },
    {
      id: 'status',
      header: t('col_status'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${statusTone[row.original.status]}`}>
          {t(`status.${row.original.status}`)}
        </span>
      ),
    },
  ];
  return (
    <PagedTable
      useRows={usePointHistoryQuery}
      columns={columns}
      caption={t('history_caption')}
      empty={t('no_redemptions')}
      rowKey={(r) => r.id}
      testId="point-history"
    />
  );
}

function Details() {
  const { t } = useTranslation(['rewards', 'wallet']);
  const { dateTime } = useRewardFormat();
  const columns: DataColumn<PointMovement>[] = [
    { id: 'time', header: t('rewards:col_time'), cell: ({ row }) => dateTime(row.original.time) },
    { id: 'kind', header: t('rewards:col_kind'), cell: ({ row }) => t(`wallet:kinds.${row.original.kind}`) },
    {
      id: 'points',
      header: t('rewards:col_points'),
      meta: { numeric: true },
      cell: ({ row }) => (
        <span className={row.original.points < 0 ? 'money--out' : 'money--in'}>
          {row.original.points > 0 ? '+' : ''}
          {row.original.points.toLocaleString()}
        </span>
      ),
    },
    {
      id: 'after',
      header: t('rewards:col_balance_after'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.balanceAfter.toLocaleString(),
    },
  ];
  return (
    <PagedTable
      useRows={usePointDetailsQuery}
      columns={columns}
      caption={t('rewards:details_caption')}
      empty={t('rewards:no_movements')}
      rowKey={(r) => r.id}
      testId="point-details"
    />
  );
}

function Rules() {
  const { t } = useTranslation(['rewards', 'records', 'lobby']);
  const config = usePointConfigQuery();
  if (config.isPending) return <PanelLoading />;
  const c = config.data;
  return (
    <div className="point-rules">
      <p className="prose">{t('lobby:point_rules_text')}</p>
      {c && (
        <table className="data-table point-rules__table" aria-label={t('rewards:points_table')}>
          <thead>
            <tr>
              <th scope="col">{t('rewards:col_source')}</th>
              <th scope="col" className="data-table__num">
                {t('rewards:col_points_per_unit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {c.ratios.map((r) => (
              <tr key={r.productType}>
                <td>{t(`records:category_name.${r.productType}`, { defaultValue: r.productType })}</td>
                <td className="data-table__num">{r.points}</td>
              </tr>
            ))}
            {c.depositRatio > 0 && (
              <tr>
                <td>{t('rewards:source_deposit')}</td>
                <td className="data-table__num">{c.depositRatio}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {c && c.convertRate > 0 && (
        <p className="rebate__note">
          {t('rewards:convert_rate', {
            rate: c.convertRate.toLocaleString(),
            min: c.minConvert.toLocaleString(),
          })}
        </p>
      )}
      <p className="rebate__note">{t('rewards:never_expire')}</p>
    </div>
  );
}

/** Points mall (spec §1, /pointMall): redeem, redeem history, points details, rules. */
export function PointMall() {
  const { t } = useTranslation(['rewards', 'lobby']);
  const token = useSessionStore((s) => s.token);
  const balance = usePointBalanceQuery();
  const config = usePointConfigQuery();
  const [tab, setTab] = useState<Tab>('redeem');
  const points = balance.data?.balance ?? null;
  return (
    <div className="point-mall">
      {token && (
        <section className="point-mall__balance" aria-label={t('rewards:my_points')}>
          <span className="rebate__label">{t('rewards:my_points')}</span>
          <strong className="rebate__amount" data-testid="point-balance">
            {points === null ? '—' : points.toLocaleString()}
          </strong>
        </section>
      )}
      <FilterTabs
        label={t('lobby:point_mall_title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'redeem', label: t('lobby:point_redeem') },
          ...(token
            ? [
                { key: 'history' as const, label: t('lobby:point_redeem_history') },
                { key: 'details' as const, label: t('lobby:point_details') },
              ]
            : []),
          { key: 'rules', label: t('lobby:point_rules') },
        ]}
      />
      {tab === 'redeem' && (
        <>
          <Catalogue balance={points} />
          {token && points !== null && config.data && config.data.convertRate > 0 && (
            <ConvertCard balance={points} rate={config.data.convertRate} min={config.data.minConvert} />
          )}
        </>
      )}
      {tab === 'history' && <History />}
      {tab === 'details' && <Details />}
      {tab === 'rules' && <Rules />}
    </div>
  );
}
