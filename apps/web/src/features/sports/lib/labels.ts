import type { TFunction } from 'i18next';
import type { SportsEventItem, SportsMarketItem } from '../api/sports';
import { showLine } from './odds';

type Named = Pick<SportsEventItem, 'home' | 'away' | 'category'>;

/** A market's name: "Match result", "Handicap", "Total 2.5", "Map 2 winner"… */
export function marketName(
  t: TFunction<'sports'>,
  m: Pick<SportsMarketItem, 'kind' | 'line' | 'map'>,
): string {
  switch (m.kind) {
    case 'total':
      return t('market.total', { line: showLine(m.line ?? 0, false) });
    case 'map_winner':
      return t('market.map_winner', { map: m.map ?? 1 });
    default:
      return t(`market.${m.kind}`);
  }
}

/** A selection's name: the team, "Draw", "Over", "Meron (Red Comet)", a handicap with its line. */
export function pickName(
  t: TFunction<'sports'>,
  e: Named,
  m: Pick<SportsMarketItem, 'kind' | 'line'>,
  key: string,
): string {
  const team = key === 'home' ? e.home : key === 'away' ? e.away : null;
  switch (m.kind) {
    case 'handicap': {
      const line = key === 'home' ? (m.line ?? 0) : -(m.line ?? 0);
      return `${team} ${showLine(line)}`;
    }
    case 'total':
    case 'btts':
      return t(`pick.${key}`);
    case 'correct_score':
      return key.replace('-', '–');
    case 'fight':
      return key === 'draw' ? t('pick.draw') : `${t(`pick.${key}`)} · ${key === 'meron' ? e.home : e.away}`;
    default:
      return team ?? t(`pick.${key}`);
  }
}

/** An event's result as a line of text ("2 – 1", "Maps 2–1", "Meron", "Cancelled"). */
export function resultText(t: TFunction<'sports'>, r: NonNullable<SportsEventItem['result']>): string {
  switch (r.kind) {
    case 'score':
      return `${r.home} – ${r.away}`;
    case 'maps': {
      const home = r.maps.filter((m) => m === 'home').length;
      return t('result.maps', { home, away: r.maps.length - home });
    }
    case 'fight':
      return t(`result.fight_${r.outcome}`);
    case 'void':
      return t('result.void');
  }
}
