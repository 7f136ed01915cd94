import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { minorToMajorText } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { type PracticeCode, practiceTables, usePracticeTable } from '../lib/use-practice-table';
import { HoldemTable } from './holdem-table';
import { ThreeCardTable } from './three-card-table';
import '../pvp.css';

/** Links to the practice tables (for visitors, trial accounts, anyone who wants to learn a game). */
export function PracticeLinks() {
  const { t } = useTranslation('pvp');
  return (
    <nav className="pvp-practice__links" aria-label={t('practice_tables')}>
      {(Object.keys(practiceTables) as PracticeCode[]).map((code) => (
        <Link key={code} className="button" to={paths.pvpRoom.replace(':tableCode', code)}>
          {t(`room.${code}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A practice table (/pvp/PRACTICE_…): the member against labelled computer players with play
 * chips, entirely in the browser — the real rooms' rules, no money, nothing recorded.
 */
export function PracticeRoom({ code }: { code: PracticeCode }) {
  const { t } = useTranslation('pvp');
  const brand = useBrand();
  const { table, act, topUp, short } = usePracticeTable(code, brand.currencyScale, t('you'));
  const chips = (minor: string | bigint) =>
    t('chips', { count: Number(minorToMajorText(String(minor), brand.currencyScale) ?? '0') });
  const hand = table.hand;
  // Practice hands have no clock (nobody waits for the member), so the felts' `now` is unused.
  const status = !hand
    ? t('status.waiting')
    : hand.status === 'settled'
      ? t('status.settled')
      : hand.holdem
        ? t('status.in_play', { street: t(`street.${hand.holdem.street}`) })
        : t('status.in_round', { n: hand.threecard?.round ?? 1 });
  return (
    <div className="page pvp-room">
      <header className="pvp-room__head">
        <Link to={paths.pvp} className="pvp-room__back">
          ← {t('all_rooms')}
        </Link>
        <h1 className="pvp-room__title">{t(`room.${code}`)}</h1>
        <span className="pvp-room__rules">{t('practice_rules')}</span>
      </header>
      <p className="pvp-practice__note" role="note">
        {t('practice_note')}
      </p>
      <div className="pvp-room__bar">
        <span className={`pvp-status pvp-status--${hand?.status ?? 'waiting'}`} role="status">
          {status}
        </span>
        {hand && <span>{t('hand_no', { n: hand.handNo })}</span>}
      </div>
      {table.game === 'holdem' ? (
        <HoldemTable table={table} now={0} money={chips} onAct={act} />
      ) : (
        <ThreeCardTable table={table} now={0} money={chips} onAct={act} />
      )}
      <section className="pvp-controls" aria-label={t('controls')}>
        {short && <p className="pvp-controls__note">{t('practice_short')}</p>}
        <button type="button" className="button" onClick={topUp}>
          {t('practice_top_up')}
        </button>
      </section>
    </div>
  );
}
