import type {
  Contract,
  ContractKindName,
  ContractOfferBody,
  ContractTier,
  RealtimeRatesWire,
} from '@arcadia/contract';
import type { RealtimeRates, Tier } from '@arcadia/games';
import { realtimeWithin, tiersWithin, topRate } from '@arcadia/games';
import { AppError } from '../../lib/app-error.js';
import { MAX_MINOR, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerKind } from '../ledger/index.js';
import type { ContractRow } from './contracts.repository.js';

/** What each kind is switched by and posts as. */
export const kindInfo: Record<
  ContractKindName,
  { module: string; flag: 'enableContract' | 'enableSalary'; ledger: LedgerKind }
> = {
  dividend: { module: 'SIGNCONDIV3', flag: 'enableContract', ledger: 'DIVIDEND' },
  daily: { module: 'DAILYSALCONT3', flag: 'enableSalary', ledger: 'DAILY_WAGE' },
  hourly: { module: 'HOURSAL3', flag: 'enableSalary', ledger: 'HOURLY_SALARY' },
  realtime: { module: 'RTSALARY3', flag: 'enableSalary', ledger: 'REALTIME_SALARY' },
};

export function contractSettings(brand: Brand) {
  return {
    enableContract: brand.settings.contracts?.enableContract ?? true,
    enableSalary: brand.settings.contracts?.enableSalary ?? true,
    dividendCarry: brand.settings.contracts?.dividendCarry ?? 'none',
  };
}

/** A kind is on when AGENTPOLICY3, its module and its brand switch are all on. */
export function kindEnabled(brand: Brand, kind: ContractKindName): boolean {
  const info = kindInfo[kind];
  return (
    brand.modules.AGENTPOLICY3 !== false &&
    brand.modules[info.module] !== false &&
    contractSettings(brand)[info.flag]
  );
}

export function assertKindEnabled(brand: Brand, kind: ContractKindName) {
  if (!kindEnabled(brand, kind)) throw new AppError('function.disabled', { module: kindInfo[kind].module });
}

/** Stored terms: minor units and rate millionths as decimal strings. */
export interface StoredTerms {
  tiers: { minBet: string; minLoss: string; activeMembers: number; rateType: 'P' | 'F'; rate: string }[];
  rates: { winRate: string; lossRate: string; betRate: string } | null;
}

function minor(value: number, scale: number): bigint {
  const text = value.toFixed(scale);
  const [whole = '0', fraction = ''] = text.split('.');
  if (Math.abs(Number(text) - value) > 1e-9) throw new AppError('contract.terms.invalid', { value });
  const out = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction || '0');
  if (out > MAX_MINOR) throw new AppError('contract.terms.invalid', { value });
  return out;
}
const ppm = (fraction: number) => BigInt(Math.round(fraction * 1_000_000));
const fractionOf = (millionths: string | bigint) => Number(BigInt(millionths)) / 1_000_000;

/** The offer's terms for the kind, checked for shape (`contract.terms.invalid`). */
export function parseTerms(
  brand: Brand,
  kind: ContractKindName,
  body: Omit<ContractOfferBody, 'memberId'>,
): { terms: StoredTerms; period: string | null } {
  const scale = brand.currencyScale;
  if (kind === 'realtime') {
    if (!body.rates || body.details) throw new AppError('contract.terms.invalid', { need: 'rates' });
    return {
      period: null,
      terms: {
        tiers: [],
        rates: {
          winRate: ppm(body.rates.rt_win_rate).toString(),
          lossRate: ppm(body.rates.rt_loss_rate).toString(),
          betRate: ppm(body.rates.rt_bet_amount).toString(),
        },
      },
    };
  }
  if (!body.details || body.rates) throw new AppError('contract.terms.invalid', { need: 'details' });
  if (kind === 'dividend' && !body.period) throw new AppError('contract.terms.invalid', { need: 'period' });
  const tiers = body.details.map((t: ContractTier) => {
    if (kind === 'dividend' && t.rateType !== 'P')
      throw new AppError('contract.terms.invalid', { rateType: 'P' });
    if (t.rateType === 'P' && t.rate > 1) throw new AppError('contract.terms.invalid', { rate: t.rate });
    return {
      minBet: minor(t.minimumBet, scale).toString(),
      minLoss: kind === 'dividend' ? minor(t.netLoss, scale).toString() : '0',
      activeMembers: t.activeMember,
      rateType: t.rateType,
      rate: (t.rateType === 'P' ? ppm(t.rate) : minor(t.rate, scale)).toString(),
    };
  });
  return { period: kind === 'dividend' ? body.period! : null, terms: { tiers, rates: null } };
}

export const tiersOf = (terms: StoredTerms): Tier[] =>
  terms.tiers.map((t) => ({
    minBet: BigInt(t.minBet),
    minLoss: BigInt(t.minLoss),
    activeMembers: t.activeMembers,
    rateType: t.rateType,
    rate: BigInt(t.rate),
  }));

export const ratesOf = (terms: StoredTerms): RealtimeRates => ({
  winRate: BigInt(terms.rates?.winRate ?? '0'),
  lossRate: BigInt(terms.rates?.lossRate ?? '0'),
  betRate: BigInt(terms.rates?.betRate ?? '0'),
});

/** The single figure compared for `downlineHigherRate`: the table's top rate, or the sum of real-time rates. */
export function headlineRate(terms: StoredTerms): bigint {
  if (terms.rates) {
    const r = ratesOf(terms);
    return r.winRate + r.lossRate + r.betRate;
  }
  return topRate(tiersOf(terms));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toContract(brand: Brand, row: ContractRow): Contract {
  const terms = row.terms as StoredTerms;
  const scale = brand.currencyScale;
  const details = terms.tiers.map((t) => {
    const rate = t.rateType === 'P' ? fractionOf(t.rate) : toMajor(t.rate, scale);
    const minimumBet = toMajor(t.minBet, scale);
    return {
      minimumBet,
      betVolume: minimumBet,
      netLoss: toMajor(t.minLoss, scale),
      activeMember: t.activeMembers,
      rateType: t.rateType,
      rate,
      contractRate: rate,
    };
  });
  const rates: RealtimeRatesWire | null = terms.rates
    ? {
        rt_win_rate: fractionOf(terms.rates.winRate),
        rt_loss_rate: fractionOf(terms.rates.lossRate),
        rt_bet_amount: fractionOf(terms.rates.betRate),
      }
    : null;
  return {
    id: row.id,
    kind: row.kind as ContractKindName,
    member: { id: row.member_id, account: row.account },
    payer: row.payer_id ? { id: row.payer_id, account: row.payer_account ?? '' } : null,
    version: row.version,
    status: row.status as Contract['status'],
    period: (row.period as Contract['period']) ?? null,
    details,
    rates,
    offeredAt: iso(row.offered_at)!,
    acceptedAt: iso(row.accepted_at),
    endedAt: iso(row.ended_at),
  };
}

/** Whether a version's terms stay within its payer's version. */
export function within(
  kind: ContractKindName,
  child: StoredTerms,
  ceiling: StoredTerms,
  childPeriod: string | null,
  ceilingPeriod: string | null,
) {
  if (kind === 'realtime') return realtimeWithin(ratesOf(child), ratesOf(ceiling));
  if (kind === 'dividend' && childPeriod !== ceilingPeriod) return false;
  return tiersWithin(tiersOf(child), tiersOf(ceiling));
}
