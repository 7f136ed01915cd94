import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { call } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';

const key = ['agent', 'lottery-prize-groups'] as const;

/**
 * The lottery prize groups of the agent's direct downline (docs/lottery.md): each plays at its
 * group, and the gap to the agent's own is the agent's rebate on its lottery bets.
 */
export function LotteryPrizeGroups() {
  const { t } = useTranslation('agent');
  const errorText = useApiErrorText();
  const client = useQueryClient();
  const groups = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('lotteryPrizeGroups', { query: { pageNo: 1, pageSize: 100 }, signal }),
  });
  const [edits, setEdits] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: { memberId: string; prizeGroup: number }) => call('lotterySetPrizeGroup', { body }),
    onSuccess: (_, body) => {
      setEdits(({ [body.memberId]: _done, ...rest }) => rest);
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const data = groups.data;
  if (!data || data.list.length === 0) return null;
  return (
    <section className="agent-section" aria-label={t('prize_groups.title')}>
      <h2 className="agent-section__title">{t('prize_groups.title')}</h2>
      <p className="muted">{t('prize_groups.help', { own: data.own, min: data.min })}</p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('prize_groups.account')}</th>
              <th scope="col" className="data-table__num">
                {t('prize_groups.group')}
              </th>
              <th scope="col" className="data-table__num">
                {t('prize_groups.rebate')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('prize_groups.save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((m) => {
              const value = edits[m.memberId] ?? String(m.prizeGroup);
              const group = Number(value);
              return (
                <tr key={m.memberId}>
                  <td>
                    {m.account}
                    {m.inherited && <span className="muted"> · {t('prize_groups.inherited')}</span>}
                  </td>
                  <td className="data-table__num">
                    <input
                      className="field__input agent-prize-group__input"
                      type="number"
                      min={data.min}
                      max={data.own}
                      aria-label={t('prize_groups.group_of', { account: m.account })}
                      value={value}
                      onChange={(e) => setEdits({ ...edits, [m.memberId]: e.target.value })}
                    />
                  </td>
                  <td className="data-table__num">
                    {Number.isFinite(group) ? `${(((data.own - group) / 2000) * 100).toFixed(2)} %` : '—'}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={edits[m.memberId] === undefined || save.isPending}
                      onClick={() => save.mutate({ memberId: m.memberId, prizeGroup: group })}
                    >
                      {t('prize_groups.save')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {save.isError && (
        <p role="alert" className="form__error">
          {errorText(save.error)}
        </p>
      )}
    </section>
  );
}
