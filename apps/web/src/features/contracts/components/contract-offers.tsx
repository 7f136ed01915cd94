import type { ContractKindName } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useSocketEvent } from '../../../lib/realtime';
import { useUiStore } from '../../../lib/ui-store';
import {
  type ContractOffer,
  pendingOffers,
  useConsolidatedQuery,
  useContractsEnabled,
  useProcessContract,
} from '../api/contracts';
import '../contracts.css';

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** The offer's terms: the tier table (dividend, daily, hourly) or the three real-time rates. */
function OfferTerms({ kind, offer }: { kind: ContractKindName; offer: ContractOffer }) {
  const { t } = useTranslation('contracts');
  const brand = useBrand();
  const money = (v: number) =>
    formatMoney(v, { currencySymbol: brand.currencySymbol, scale: brand.currencyScale });
  if (kind === 'realtime' && offer.rates) {
    return (
      <dl className="contract-rates">
        <div>
          <dt>{t('rt_win_rate')}</dt>
          <dd>{percent(offer.rates.rt_win_rate)}</dd>
        </div>
        <div>
          <dt>{t('rt_loss_rate')}</dt>
          <dd>{percent(offer.rates.rt_loss_rate)}</dd>
        </div>
        <div>
          <dt>{t('rt_bet_amount')}</dt>
          <dd>{percent(offer.rates.rt_bet_amount)}</dd>
        </div>
      </dl>
    );
  }
  const betLabel =
    kind === 'dividend' ? t('period_valid_bet') : kind === 'hourly' ? t('bet_per_hour') : t('bet_per_day');
  return (
    <table className="data-table contract-tiers">
      <caption className="visually-hidden">{t('tiers')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tier')}</th>
          <th scope="col" className="data-table__num">
            {betLabel}
          </th>
          {kind === 'dividend' && (
            <th scope="col" className="data-table__num">
              {t('period_pnl')}
            </th>
          )}
          <th scope="col" className="data-table__num">
            {t('active_members')}
          </th>
          <th scope="col" className="data-table__num">
            {t('rate')}
          </th>
        </tr>
      </thead>
      <tbody>
        {offer.details.map((d, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td className="data-table__num">≥ {money(d.minimumBet)}</td>
            {kind === 'dividend' && <td className="data-table__num">≥ {money(d.netLoss)}</td>}
            <td className="data-table__num">≥ {d.activeMember}</td>
            <td className="data-table__num">{d.rateType === 'P' ? percent(d.rate) : money(d.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The contract-offer dialog (reference §7, S7): after login an agent with a pending offer sees it
 * with its terms and accepts or rejects it; `downlineHigherRate` warns first that accepting ends a
 * downline's higher-rate contract. "Later" hides it for this page load; the agent centre reopens it.
 */
export function ContractOffers() {
  const { t } = useTranslation('contracts');
  const enabled = useContractsEnabled();
  const consolidated = useConsolidatedQuery();
  const process = useProcessContract();
  const errorText = useApiErrorText();
  const { modal, closeModal } = useUiStore();
  const [later, setLater] = useState<Set<string>>(() => new Set());
  useSocketEvent('contract.offer', () => void consolidated.refetch());
  useSocketEvent('contract.changed', () => void consolidated.refetch());

  if (!enabled) return null;
  const offers = pendingOffers(consolidated.data);
  const asked = modal === 'contractOffer';
  const current = offers.find((o) => asked || !later.has(o.offer.id));
  if (!current) return null;
  const { kind, offer } = current;

  const close = () => {
    setLater((s) => new Set([...s, ...offers.map((o) => o.offer.id)]));
    process.reset();
    if (asked) closeModal();
  };
  const answer = (status: 'A' | 'R') =>
    process.mutate(
      { kind, id: offer.id, status },
      {
        onSuccess: () => {
          setLater((s) => new Set([...s, offer.id]));
          if (asked && offers.length <= 1) closeModal();
        },
      },
    );

  return (
    <Modal open onClose={close} title={t(`title.${kind}`)} size="medium">
      <div className="contract-offer">
        <p className="muted">
          {t(offer.status === 'E' ? 'renewal_offer' : 'new_offer')}
          {offer.period && ` · ${t(`period.${offer.period}`)}`}
        </p>
        <p>{t(`terms.${kind}`)}</p>
        <OfferTerms kind={kind} offer={offer} />
        {offer.downlineHigherRate === 'Y' && (
          <p className="contract-offer__warning" role="alert">
            {t('higher_rate')}
          </p>
        )}
        {process.error != null && (
          <div className="form__error" role="alert">
            <p className="form__error-text">{errorText(process.error)}</p>
          </div>
        )}
        <div className="confirm__actions">
          <button type="button" className="button" onClick={close}>
            {t('later')}
          </button>
          <button type="button" className="button" disabled={process.isPending} onClick={() => answer('R')}>
            {t('reject')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={process.isPending}
            onClick={() => answer('A')}
          >
            {t('accept')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
