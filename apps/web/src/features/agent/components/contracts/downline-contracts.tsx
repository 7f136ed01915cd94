import type { ContractKindName } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { EmptyState } from '../../../../components/empty-state';
import { Modal } from '../../../../components/modal';
import { Pagination } from '../../../../components/pagination';
import { PanelError, PanelLoading } from '../../../../components/panel-state';
import { useApiErrorText } from '../../../../lib/api-error-text';
import {
  type Contract,
  type ContractOfferInput,
  type DownlineContractRow,
  useDownlineContractsQuery,
  useOfferContract,
  useTerminateDownlineContract,
} from '../../api/contracts';
import { useAgentFormat } from '../../hooks/use-format';
import { contractSummary, percent } from './tier-table';

/** Direct downline agents with their contract of the kind: offer, edit (a new version), terminate. */
export function DownlineContracts({ kind }: { kind: ContractKindName }) {
  const { t } = useTranslation('contracts');
  const f = useAgentFormat();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<DownlineContractRow | null>(null);
  const list = useDownlineContractsQuery(kind, pageNo);
  const terminate = useTerminateDownlineContract(kind);
  const errorText = useApiErrorText();
  if (list.isPending) return <PanelLoading />;
  if (list.isError) return <PanelError error={list.error} onRetry={() => void list.refetch()} />;
  const { ceiling } = list.data;
  return (
    <>
      {!ceiling && <p className="muted">{t('cannot_offer')}</p>}
      {list.data.list.length === 0 ? (
        <EmptyState message={t('no_downline_agents')} />
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('downline_contracts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('col.account')}</th>
              <th scope="col">{t('col.contract')}</th>
              <th scope="col">{t('col.pending')}</th>
              <th scope="col">{t('col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((r) => (
              <tr key={r.member.id}>
                <td>{r.member.account}</td>
                <td>
                  {r.current ? (
                    <>
                      <span className="status-pill status-pill--ok">{t('status.V')}</span>{' '}
                      {contractSummary(kind, r.current, (v) => f.money(v))}
                    </>
                  ) : (
                    t('none')
                  )}
                </td>
                <td>
                  {r.pending ? (
                    <span className="status-pill status-pill--pending">
                      {t(`status.${r.pending.status}`)}
                    </span>
                  ) : (
                    t('none')
                  )}
                </td>
                <td>
                  <span className="row-actions">
                    {ceiling && (
                      <button type="button" className="link-button" onClick={() => setEditing(r)}>
                        {r.current || r.pending ? t('edit') : t('offer')}
                      </button>
                    )}
                    {(r.current || r.pending) && (
                      <button
                        type="button"
                        className="link-button"
                        disabled={terminate.isPending}
                        onClick={() => terminate.mutate(r.member.id)}
                      >
                        {t('terminate')}
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {terminate.error != null && (
        <div className="form__error" role="alert">
          <p className="form__error-text">{errorText(terminate.error)}</p>
        </div>
      )}
      <Pagination
        page={pageNo}
        totalPages={list.data.totalPages}
        onChange={setPageNo}
        label={t('downline_contracts')}
      />
      {editing && ceiling && (
        <OfferDialog kind={kind} row={editing} ceiling={ceiling} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

interface TierDraft {
  minimumBet: string;
  netLoss: string;
  activeMember: string;
  rateType: 'P' | 'F';
  /** Percent for `P` (1.5 = 1.5 %), an amount for `F`. */
  rate: string;
}

const toDraft = (c: Contract): TierDraft[] =>
  c.details.map((d) => ({
    minimumBet: String(d.minimumBet),
    netLoss: String(d.netLoss),
    activeMember: String(d.activeMember),
    rateType: d.rateType,
    rate: d.rateType === 'P' ? String(+(d.rate * 100).toFixed(4)) : String(d.rate),
  }));

/** The tier-table editor: starts from the downline's current terms (or the caller's own), checked against the caller's. */
function OfferDialog({
  kind,
  row,
  ceiling,
  onClose,
}: {
  kind: ContractKindName;
  row: DownlineContractRow;
  ceiling: Contract;
  onClose(): void;
}) {
  const { t } = useTranslation('contracts');
  const f = useAgentFormat();
  const offer = useOfferContract(kind);
  const errorText = useApiErrorText();
  const base = row.pending ?? row.current ?? ceiling;
  const [tiers, setTiers] = useState<TierDraft[]>(() => toDraft(base));
  const [rates, setRates] = useState(() => ({
    rt_win_rate: String(+((base.rates?.rt_win_rate ?? 0) * 100).toFixed(4)),
    rt_loss_rate: String(+((base.rates?.rt_loss_rate ?? 0) * 100).toFixed(4)),
    rt_bet_amount: String(+((base.rates?.rt_bet_amount ?? 0) * 100).toFixed(4)),
  }));
  const [localError, setLocalError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const maxOf = (type: 'P' | 'F') =>
    ceiling.details
      .filter((d) => d.rateType === type)
      .reduce<number | null>((m, d) => (m === null || d.rate > m ? d.rate : m), null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    const num = (s: string) => Number(s.trim() === '' ? NaN : s);
    let body: ContractOfferInput;
    if (kind === 'realtime') {
      const r = {
        rt_win_rate: +(num(rates.rt_win_rate) / 100).toFixed(6),
        rt_loss_rate: +(num(rates.rt_loss_rate) / 100).toFixed(6),
        rt_bet_amount: +(num(rates.rt_bet_amount) / 100).toFixed(6),
      };
      const c = ceiling.rates!;
      if (Object.values(r).some((v) => !Number.isFinite(v) || v < 0))
        return setLocalError(t('terms_invalid'));
      if (
        r.rt_win_rate > c.rt_win_rate ||
        r.rt_loss_rate > c.rt_loss_rate ||
        r.rt_bet_amount > c.rt_bet_amount
      )
        return setLocalError(t('rate_above_ceiling'));
      body = { memberId: row.member.id, rates: r };
    } else {
      const details = tiers.map((d) => ({
        minimumBet: num(d.minimumBet),
        netLoss: kind === 'dividend' ? num(d.netLoss) : 0,
        activeMember: Math.trunc(num(d.activeMember)),
        rateType: kind === 'dividend' ? ('P' as const) : d.rateType,
        rate: d.rateType === 'P' || kind === 'dividend' ? +(num(d.rate) / 100).toFixed(6) : num(d.rate),
      }));
      if (
        details.some((d) =>
          [d.minimumBet, d.netLoss, d.activeMember, d.rate].some((v) => !Number.isFinite(v) || v < 0),
        )
      )
        return setLocalError(t('terms_invalid'));
      if (
        details.some((d) => {
          const cap = maxOf(d.rateType);
          return cap === null || d.rate > cap;
        })
      )
        return setLocalError(t('rate_above_ceiling'));
      body = {
        memberId: row.member.id,
        details,
        ...(kind === 'dividend' && ceiling.period ? { period: ceiling.period } : {}),
      };
    }
    offer.mutate(body, { onSuccess: () => setSent(true) });
  };

  const set = (i: number, patch: Partial<TierDraft>) => {
    setLocalError(null);
    setTiersPatch(i, patch);
  };
  const setTiersPatch = (i: number, patch: Partial<TierDraft>) =>
    setTiers((ts) => ts.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const maxP = maxOf('P');
  const ceilingText =
    kind === 'realtime' && ceiling.rates
      ? t('ceiling_rates', {
          win: percent(ceiling.rates.rt_win_rate),
          loss: percent(ceiling.rates.rt_loss_rate),
          bet: percent(ceiling.rates.rt_bet_amount),
        })
      : t('ceiling_note', { rate: maxP !== null ? percent(maxP) : f.money(maxOf('F') ?? 0) });

  return (
    <Modal open onClose={onClose} title={t('offer_title', { account: row.member.account })} size="large">
      {sent ? (
        <div className="form">
          <p role="status">{t('offer_sent', { account: row.member.account })}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('later')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">
            {ceilingText}
            {ceiling.period && ` · ${t(`period.${ceiling.period}`)}`}
          </p>
          {kind === 'realtime' ? (
            <div className="contract-editor__rates">
              {(['rt_win_rate', 'rt_loss_rate', 'rt_bet_amount'] as const).map((k) => (
                <label key={k} className="field">
                  <span className="field__label">{t(k)} (%)</span>
                  <input
                    className="field__input"
                    inputMode="decimal"
                    value={rates[k]}
                    onChange={(e) => {
                      setLocalError(null);
                      setRates((r) => ({ ...r, [k]: e.target.value }));
                    }}
                  />
                </label>
              ))}
            </div>
          ) : (
            <table className="data-table contract-editor">
              <caption className="visually-hidden">{t('tiers')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tier')}</th>
                  <th scope="col">
                    {kind === 'dividend'
                      ? t('period_valid_bet')
                      : kind === 'hourly'
                        ? t('bet_per_hour')
                        : t('bet_per_day')}
                  </th>
                  {kind === 'dividend' && <th scope="col">{t('period_pnl')}</th>}
                  <th scope="col">{t('active_members')}</th>
                  {kind !== 'dividend' && <th scope="col">{t('rate_type')}</th>}
                  <th scope="col">{t('rate')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('col.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map((d, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    <td>
                      <input
                        className="field__input"
                        aria-label={`${t('tier')} ${i + 1} ${t('period_valid_bet')}`}
                        inputMode="decimal"
                        value={d.minimumBet}
                        onChange={(e) => set(i, { minimumBet: e.target.value })}
                      />
                    </td>
                    {kind === 'dividend' && (
                      <td>
                        <input
                          className="field__input"
                          aria-label={`${t('tier')} ${i + 1} ${t('period_pnl')}`}
                          inputMode="decimal"
                          value={d.netLoss}
                          onChange={(e) => set(i, { netLoss: e.target.value })}
                        />
                      </td>
                    )}
                    <td>
                      <input
                        className="field__input"
                        aria-label={`${t('tier')} ${i + 1} ${t('active_members')}`}
                        inputMode="numeric"
                        value={d.activeMember}
                        onChange={(e) => set(i, { activeMember: e.target.value })}
                      />
                    </td>
                    {kind !== 'dividend' && (
                      <td>
                        <select
                          className="field__input"
                          aria-label={`${t('tier')} ${i + 1} ${t('rate_type')}`}
                          value={d.rateType}
                          onChange={(e) => set(i, { rateType: e.target.value as 'P' | 'F' })}
                        >
                          <option value="P">{t('rate_type_P')}</option>
                          <option value="F">{t('rate_type_F')}</option>
                        </select>
                      </td>
                    )}
                    <td>
                      <input
                        className="field__input"
                        aria-label={`${t('tier')} ${i + 1} ${t('rate')}${d.rateType === 'P' ? ' (%)' : ''}`}
                        inputMode="decimal"
                        value={d.rate}
                        onChange={(e) => set(i, { rate: e.target.value })}
                      />
                    </td>
                    <td>
                      {tiers.length > 1 && (
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}
                        >
                          {t('remove_tier')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {kind !== 'realtime' && tiers.length < 20 && (
            <button
              type="button"
              className="button button--small"
              onClick={() => setTiers((ts) => [...ts, { ...(ts[ts.length - 1] ?? toDraft(ceiling)[0]!) }])}
            >
              {t('add_tier')}
            </button>
          )}
          {(localError || offer.error != null) && (
            <div className="form__error" role="alert">
              <p className="form__error-text">{localError ?? errorText(offer.error)}</p>
            </div>
          )}
          <button type="submit" className="button button--primary button--block" disabled={offer.isPending}>
            {t('send_offer')}
          </button>
        </form>
      )}
    </Modal>
  );
}
