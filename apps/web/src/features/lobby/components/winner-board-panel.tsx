import type { Winner } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useBrand } from '../../../lib/permission';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { WINNER_LIMIT } from '../lib/paging';
import { WinnerBoard, type WinnerEntry } from './winner-board';

export function toWinnerEntries(list: readonly Winner[]): WinnerEntry[] {
  return list.map(({ vo }) => ({
    customerName: vo.customerName,
    winAmount: vo.winAmount,
    gameName: vo.gameName,
  }));
}

/**
 * The winner board's data (spec §7: ALL categories, the language, 20 entries), asked for when the
 * board comes near the viewport (beside the lobby on a wide screen, below it on a phone).
 */
export function WinnerBoardPanel() {
  const brand = useBrand();
  const lang = currentLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const winners = useQuery({
    queryKey: ['lobby', 'winners', lang],
    queryFn: () =>
      call('winnerBoard', { query: { gameCategory: 'ALL', language: lang, limitNum: WINNER_LIMIT } }),
    select: (reply) => toWinnerEntries(reply.list),
    staleTime: 60_000,
    enabled: near,
  });
  const entries = useDeferredData(winners.data);
  return (
    <div ref={ref}>
      <WinnerBoard
        entries={entries.data ?? []}
        currencySymbol={brand.currencySymbol}
        scale={brand.currencyScale}
        loading={!near || winners.isLoading || entries.settling}
      />
    </div>
  );
}
