import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import {
  type MissionBoard,
  type MissionItem,
  useClaimMission,
  useMissionBoardQuery,
  useMissionSummaryQuery,
} from '../api/missions';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

function Task({ m }: { m: MissionItem }) {
  const { t } = useTranslation('rewards');
  const { money } = useRewardFormat();
  const errorText = useApiErrorText();
  const claim = useClaimMission();
  const amount = m.kind === 'bet_amount' || m.kind === 'deposit';
  const figure = (v: number) => (amount ? money(v) : String(v));
  const pct = m.target > 0 ? Math.min(100, Math.floor((m.progress / m.target) * 100)) : 100;
  const prize = [
    m.reward > 0 ? money(m.reward) : null,
    m.points > 0 ? t('mission_points', { count: m.points }) : null,
  ]
    .filter(Boolean)
    .join(' + ');
  return (
    <li className={`mission mission--${m.status}`} data-testid={`mission-${m.id}`}>
      <div className="mission__head">
        <strong>{m.title}</strong>
        <span className="mission__prize">{prize}</span>
      </div>
      <div className="vip-meter">
        <div className="vip-meter__head">
          <span>{t(`mission_period.${m.period}`)}</span>
          <span className="vip-meter__figures">
            {figure(m.progress)} / {figure(m.target)}
          </span>
        </div>
        <div
          className="vip-meter__bar"
          role="progressbar"
          aria-label={m.title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
      </div>
      <div className="mission__action">
        {m.status === 'claimable' ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(m.id, {
                onSuccess: () => showToast(t('mission_claimed_toast', { prize }), 'success'),
              })
            }
          >
            {t('mission_claim')}
          </button>
        ) : (
          <span className={`status-pill status-pill--${m.status === 'claimed' ? 'ok' : 'muted'}`}>
            {t(`mission_status.${m.status}`)}
          </span>
        )}
        {claim.error && (
          <p className="field__error" role="alert">
            {errorText(claim.error)}
          </p>
        )}
      </div>
    </li>
  );
}

type BoardRow = MissionBoard['list'][number];

function Leaderboard() {
  const { t } = useTranslation('rewards');
  const { date } = useRewardFormat();
  const board = useMissionBoardQuery();
  if (board.isPending) return <PanelLoading />;
  if (!board.data) return null;
  const b = board.data;
  const columns: DataColumn<BoardRow>[] = [
    { id: 'rank', header: t('col_rank'), meta: { numeric: true }, cell: ({ row }) => row.original.rank },
    { id: 'account', header: t('col_member'), cell: ({ row }) => row.original.account },
    {
      id: 'points',
      header: t('col_mission_points'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.points,
    },
  ];
  return (
    <section aria-labelledby="board-title" className="mission-board">
      <h3 id="board-title">{t('board_title')}</h3>
      <p className="rebate__hint">
        {t('board_week', { from: date(b.from), to: date(b.to) })} ·{' '}
        <span data-testid="board-me">
          {b.me.rank ? t('board_me', { rank: b.me.rank, points: b.me.points }) : t('board_me_none')}
        </span>
      </p>
      {b.list.length === 0 ? (
        <EmptyState message={t('board_empty')} />
      ) : (
        <DataTable
          columns={columns}
          data={b.list}
          caption={t('board_title')}
          rowKey={(r) => `${r.rank}-${r.account}`}
          testId="mission-board"
        />
      )}
    </section>
  );
}

/**
 * Missions (`missionLeaderboard`): today's and this week's tasks with their progress, moving as
 * the member plays, a claim button on each done task, and the week's leaderboard.
 */
export function MissionPage() {
  const { t } = useTranslation('rewards');
  const errorText = useApiErrorText();
  const summary = useMissionSummaryQuery();
  if (summary.isPending) return <PanelLoading />;
  if (summary.isError)
    return (
      <p className="field__error" role="alert">
        {errorText(summary.error)}
      </p>
    );
  const s = summary.data;
  if (!s.enabled) return <EmptyState message={t('missions_off')} />;
  const daily = s.list.filter((m) => m.period === 'daily');
  const weekly = s.list.filter((m) => m.period === 'weekly');
  return (
    <div className="missions">
      <dl className="rebate__figures">
        <div>
          <dt>{t('missions_week_points')}</dt>
          <dd data-testid="mission-week-points">{s.weekPoints}</dd>
        </div>
        <div>
          <dt>{t('missions_to_claim')}</dt>
          <dd>{s.claimable}</dd>
        </div>
      </dl>
      {[
        { id: 'daily', list: daily },
        { id: 'weekly', list: weekly },
      ]
        .filter((g) => g.list.length > 0)
        .map((g) => (
          <section key={g.id} aria-labelledby={`missions-${g.id}`}>
            <h3 id={`missions-${g.id}`}>{t(`missions_${g.id}`)}</h3>
            <ul className="mission-list">
              {g.list.map((m) => (
                <Task key={m.id} m={m} />
              ))}
            </ul>
          </section>
        ))}
      <Leaderboard />
    </div>
  );
}
