import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type LotteryNear, type LotteryRulesReply, myBetsKey, usePlaceBet, useQuote } from '../api/lottery';

type BetType = LotteryRulesReply['betTypes'][number];
/** The pickers the server describes in the rules (packages/games lottery `LotteryPicker`). */
type Picker =
  | { kind: 'rows'; rows: string[]; values: string[]; minPerRow: number }
  | { kind: 'list'; values: string[]; min: number; max?: number }
  | { kind: 'numbers'; width: number; min: number }
  | { kind: 'options'; options: string[] };

const PRICES = ['2', '1', '0.2'];

/** The content string of a selection, or null while it is incomplete. */
function contentOf(picker: Picker, rows: string[][], typed: string): string | null {
  if (picker.kind === 'rows') {
    if (rows.every((r) => r.length === 0)) return null;
    return picker.rows.map((_, i) => (rows[i] ?? []).join(',')).join('|');
  }
  if (picker.kind === 'numbers') {
    const list = typed.split(/[\s,;]+/).filter(Boolean);
    return list.length >= picker.min ? list.join(',') : null;
  }
  const chosen = rows[0] ?? [];
  return chosen.length > 0 ? chosen.join(',') : null;
}

/** A random selection a player may take as it is (quick pick). */
function quickPick(picker: Picker): { rows: string[][]; typed: string } {
  const pick = <T,>(list: T[], n: number) => [...list].sort(() => Math.random() - 0.5).slice(0, n);
  if (picker.kind === 'rows') {
    return { rows: picker.rows.map(() => pick(picker.values, Math.max(1, picker.minPerRow))), typed: '' };
  }
  if (picker.kind === 'list') return { rows: [pick(picker.values, Math.max(1, picker.min))], typed: '' };
  if (picker.kind === 'options') return { rows: [pick(picker.options, 1)], typed: '' };
  const nums = new Set<string>();
  while (nums.size < Math.max(1, picker.min)) {
    nums.add(String(Math.floor(Math.random() * 10 ** picker.width)).padStart(picker.width, '0'));
  }
  return { rows: [], typed: [...nums].join(' ') };
}

/** The bet slip of a game: bet type, selection, unit price, multiple, chase, place. */
export function BetSlip({
  gameId,
  rules,
  near,
  currentClosed,
}: {
  gameId: string;
  rules: LotteryRulesReply;
  near: LotteryNear | undefined;
  currentClosed: boolean;
}) {
  const { t, i18n } = useTranslation('lottery');
  const errorText = useApiErrorText();
  const client = useQueryClient();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const id = useId();
  const [playId, setPlayId] = useState(rules.betTypes[0]?.playId ?? '');
  const betType: BetType | undefined = rules.betTypes.find((b) => b.playId === playId);
  const picker = betType?.picker as Picker | undefined;
  const [rows, setRows] = useState<string[][]>([]);
  const [typed, setTyped] = useState('');
  const [price, setPrice] = useState('2');
  const [multipleText, setMultipleText] = useState('1');
  const multiple = Math.min(1000, Math.max(1, Math.floor(Number(multipleText)) || 1));
  const [issues, setIssues] = useState(1);
  const [winStop, setWinStop] = useState(true);
  const place = usePlaceBet();

  const content = picker ? contentOf(picker, rows, typed) : null;
  const quote = useQuote(gameId, playId, content);
  const units = content && quote.data ? quote.data.units : 0;
  // The issue on sale first, unless its sales have closed (then the next one is the first).
  const open = (near?.upcoming ?? []).slice(currentClosed ? 1 : 0);
  const chase = open.slice(0, issues);
  const perIssue = units * Number(price) * multiple;
  const total = perIssue * chase.length;

  if (!betType || !picker) return null;

  const toggle = (row: number, value: string) =>
    setRows((prev) => {
      const next = picker.kind === 'rows' ? picker.rows.map((_, i) => prev[i] ?? []) : [prev[0] ?? []];
      const list = next[row]!;
      next[row] = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
      return next;
    });
  const choices = picker.kind === 'options' ? picker.options : picker.kind === 'numbers' ? [] : picker.values;
  const label = (v: string) => (picker.kind === 'options' ? t(`tier.${v}`, { defaultValue: v }) : v);

  const submit = () => {
    if (!content || units === 0 || chase.length === 0) return;
    place.mutate(
      {
        prizeMode: 'Lott',
        device: 'WEB',
        contents: [
          {
            gameId,
            playId,
            bettingContent: content,
            singleBetPrice: price,
            winStop: chase.length > 1 && winStop,
            bettingApproach: 1,
            bettingSlip: units,
            numero: chase.map((i) => ({ numero: i.numero, multiple })),
          },
        ],
      },
      {
        onSuccess: () => {
          setRows([]);
          setTyped('');
          void client.invalidateQueries({ queryKey: myBetsKey(gameId) });
        },
      },
    );
  };

  return (
    <section className="lottery-slip" aria-label={t('slip')}>
      <h2 className="lottery-section__title">{t('slip')}</h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          {t('bet_type')}
        </label>
        <select
          id={`${id}-type`}
          className="field__input"
          value={playId}
          onChange={(e) => {
            // A new bet type starts with an empty selection.
            setPlayId(e.target.value);
            setRows([]);
            setTyped('');
            place.reset();
          }}
        >
          {rules.betTypes.map((b) => (
            <option key={b.playId} value={b.playId}>
              {b.names[lang]}
            </option>
          ))}
        </select>
      </div>

      <div className="lottery-picker">
        {picker.kind === 'numbers' ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-numbers`}>
              {t('numbers_hint', { width: picker.width })}
            </label>
            <input
              id={`${id}-numbers`}
              className="field__input"
              inputMode="numeric"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={'0'.repeat(picker.width)}
            />
          </div>
        ) : (
          (picker.kind === 'rows' ? picker.rows : ['']).map((rowName, r) => (
            <div key={r} className="lottery-picker__row" role="group" aria-label={rowName || t('selection')}>
              {rowName && (
                <span className="lottery-picker__name">{t(`row.${rowName}`, { defaultValue: rowName })}</span>
              )}
              <div className="lottery-picker__choices">
                {choices.map((v) => {
                  const on = (rows[r] ?? []).includes(v);
                  return (
                    <button
                      key={v}
                      type="button"
                      className={`lottery-pick${on ? ' lottery-pick--on' : ''}`}
                      aria-pressed={on}
                      onClick={() => toggle(r, v)}
                    >
                      {label(v)}
                    </button>
                  );
                })}
              </div>
            </div>
          ))
        )}
        <div className="lottery-slip__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              const q = quickPick(picker);
              setRows(q.rows);
              setTyped(q.typed);
            }}
          >
            {t('quick_pick')}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setRows([]);
              setTyped('');
            }}
          >
            {t('clear')}
          </button>
        </div>
      </div>

      <div className="lottery-slip__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-unit`}>
            {t('unit')}
          </label>
          <select
            id={`${id}-unit`}
            className="field__input"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          >
            {PRICES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-multiple`}>
            {t('multiple')}
          </label>
          <input
            id={`${id}-multiple`}
            className="field__input"
            type="number"
            min={1}
            max={1000}
            value={multipleText}
            onChange={(e) => setMultipleText(e.target.value)}
            onBlur={() => setMultipleText(String(multiple))}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-issues`}>
            {t('chase_issues')}
          </label>
          <select
            id={`${id}-issues`}
            className="field__input"
            value={issues}
            onChange={(e) => setIssues(Number(e.target.value))}
          >
            {Array.from({ length: Math.max(1, open.length) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? t('this_issue_only') : t('next_issues', { count: n })}
              </option>
            ))}
          </select>
        </div>
        {issues > 1 && (
          <label className="checkbox lottery-slip__check">
            <input type="checkbox" checked={winStop} onChange={(e) => setWinStop(e.target.checked)} />
            <span>{t('win_stop')}</span>
          </label>
        )}
      </div>

      <p className="lottery-slip__summary" aria-live="polite">
        {quote.isError ? (
          <span className="form__error">{errorText(quote.error)}</span>
        ) : (
          t('summary', {
            units,
            issues: chase.length,
            total: total.toFixed(2),
          })
        )}
      </p>
      <button
        type="button"
        className="button button--primary lottery-slip__place"
        disabled={!content || units === 0 || chase.length === 0 || place.isPending}
        onClick={submit}
      >
        {t('place')}
      </button>
      {place.isError && (
        <p role="alert" className="form__error">
          {errorText(place.error)}
        </p>
      )}
      {place.isSuccess && (
        <p role="status" className="lottery-slip__ok">
          {t('placed', { count: place.data.list.length })}
        </p>
      )}
    </section>
  );
}
