import type { Winner } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useBrand } from '../../../lib/permission';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { WINNER_LIMIT } from '../lib/paging';
import { WinnerBoard, type WinnerEntry } from './winner-board';

export function toWinnerEntries(list: readonly Winner[]): WinnerEntry[] {
  return list.map(({ vo }) => ({
    customerName: vo.customerName,
    winAmount: vo.winAmount,
    gameName: vo.gameName,
  }));
}

/** The winner board's data (spec §7: ALL categories, the language, 20 entries). */
export function WinnerBoardPanel() {
  const brand = useBrand();
  const lang = currentLanguage();
  const winners = useQuery({
    queryKey: ['lobby', 'winners', lang],
    queryFn: () =>
      call('winnerBoard', { query: { gameCategory: 'ALL', language: lang, limitNum: WINNER_LIMIT } }),
    select: (reply) => toWinnerEntries(reply.list),
    staleTime: 60_000,
  });
  const entries = useDeferredData(winners.data);
  return (
    <WinnerBoard
      entries={entries.data ?? []}
      currencySymbol={brand.currencySymbol}
      scale={brand.currencyScale}
      loading={winners.isLoading || entries.settling}
    />
  );
}
