import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import {
  useEnterLotteryResult,
  useLotteryGames,
  useLotteryOfficial,
  useSetOfficial,
} from '../api/lottery-desk';

const REASON_MIN = 3;
const REASON_MAX = 500;

interface Fields {
  numero: string;
  numbers: string;
  reason: string;
}

/**
 * Official lottery results (all-brand admins; docs/lottery.md): a game marked official is drawn
 * from the real-world result an operator enters for each issue, instead of its seed. Every switch
 * and every result carries its reason to the audit log.
 */
export function LotteryResultsDesk() {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const games = useLotteryGames();
  const [gameId, setGameId] = useState('');
  const game = gameId || games.data?.[0]?.gameId || '';
  const official = useLotteryOfficial(game);
  const setOfficial = useSetOfficial();
  const enter = useEnterLotteryResult();
  const [switchReason, setSwitchReason] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: { numero: '', numbers: '', reason: '' }, mode: 'onTouched' });
  const reasonRule = {
    validate: (v: string) =>
      (v.trim().length >= REASON_MIN && v.trim().length <= REASON_MAX) ||
      t('reason_length', { min: REASON_MIN, max: REASON_MAX }),
  };
  const submit = handleSubmit((f) =>
    enter.mutate(
      {
        gameId: game,
        numero: f.numero.trim(),
        numbers: f.numbers
          .trim()
          .split(/[\s,]+/)
          .filter(Boolean),
        reason: f.reason.trim(),
      },
      { onSuccess: () => reset() },
    ),
  );
  return (
    <section className="ops-card ops-lottery" aria-labelledby="ops-lottery-title">
      <header className="ops-card__header">
        <h2 id="ops-lottery-title">{t('lottery_title')}</h2>
      </header>
      <label className="field">
        <span className="field__label">{t('lottery_game')}</span>
        <select className="field__input" value={game} onChange={(e) => setGameId(e.target.value)}>
          {(games.data ?? []).map((g) => (
            <option key={g.gameId} value={g.gameId}>
              {g.gameName} ({g.gameId})
            </option>
          ))}
        </select>
      </label>
      {official.data !== undefined && (
        <div className="ops-lottery__official">
          <p role="status">{official.data ? t('lottery_is_official') : t('lottery_is_fair')}</p>
          <TextField
            label={t('lottery_switch_reason')}
            value={switchReason}
            onChange={(e) => setSwitchReason(e.target.value)}
          />
          <button
            type="button"
            className="button button--small"
            disabled={switchReason.trim().length < REASON_MIN || setOfficial.isPending}
            onClick={() =>
              setOfficial.mutate(
                { gameId: game, official: !official.data, reason: switchReason.trim() },
                { onSuccess: () => setSwitchReason('') },
              )
            }
          >
            {official.data ? t('lottery_make_fair') : t('lottery_make_official')}
          </button>
          {setOfficial.error && (
            <p className="form__error" role="alert">
              {errorText(setOfficial.error)}
            </p>
          )}
        </div>
      )}
      {official.data && (
        <form
          className="ops-lottery__form"
          onSubmit={submit}
          noValidate
          aria-label={t('lottery_enter_title')}
        >
          <TextField
            label={t('lottery_numero')}
            placeholder="20261125-001"
            error={errors.numero?.message}
            {...register('numero', {
              validate: (v) => /^\d{8}-\d{3,4}$/.test(v.trim()) || t('lottery_numero_invalid'),
            })}
          />
          <TextField
            label={t('lottery_numbers')}
            hint={t('lottery_numbers_hint')}
            error={errors.numbers?.message}
            {...register('numbers', {
              validate: (v) =>
                /^\d{1,6}([\s,]+\d{1,6}){2,29}$/.test(v.trim()) || t('lottery_numbers_invalid'),
            })}
          />
          <TextField
            label={t('reason')}
            required
            error={errors.reason?.message}
            {...register('reason', reasonRule)}
          />
          {enter.error && (
            <p className="form__error" role="alert">
              {errorText(enter.error)}
            </p>
          )}
          {enter.data && (
            <p role="status">
              {t('lottery_entered', {
                numero: enter.data.opened.numero,
                settled: enter.data.settled,
                won: enter.data.won,
              })}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={enter.isPending}>
            {t('lottery_enter')}
          </button>
        </form>
      )}
    </section>
  );
}
