import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  type DateRange,
  type RangePreset,
  matchingPreset,
  presetRange,
  rangePresets,
  rangeProblem,
} from '../lib/dates';

interface DateRangePickerProps {
  value: DateRange;
  /** Called with a range the server will accept; an invalid draft stays in the inputs only. */
  onChange(range: DateRange): void;
  /** The report's "today" (its calendar: UTC for the daily rollups). */
  today: string;
  /** The longest range the report accepts, in days. */
  maxDays: number;
  presets?: readonly RangePreset[];
}

/**
 * Preset buttons (today, yesterday, this week, …) and two date inputs. The draft is checked as it
 * is typed (order, future, longest range) and only a valid range reaches the report.
 */
export function DateRangePicker({
  value,
  onChange,
  today,
  maxDays,
  presets = rangePresets,
}: DateRangePickerProps) {
  const { t } = useTranslation('agent');
  const id = useId();
  const [draft, setDraft] = useState<DateRange>(value);
  const problem = rangeProblem(draft, today, maxDays);
  const active = problem ? undefined : matchingPreset(draft, today);

  const update = (next: DateRange) => {
    setDraft(next);
    if (next.from && next.to && !rangeProblem(next, today, maxDays)) onChange(next);
  };

  return (
    <fieldset className="date-range" aria-describedby={problem ? `${id}-error` : undefined}>
      <legend className="visually-hidden">{t('date_range')}</legend>
      <div className="date-range__presets" role="group" aria-label={t('date_presets')}>
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            className="chip"
            aria-pressed={active === p}
            onClick={() => update(presetRange(p, today))}
          >
            {t(`presets.${p}`)}
          </button>
        ))}
      </div>
      <div className="date-range__inputs">
        <label className="field">
          <span className="field__label">{t('date_from')}</span>
          <input
            type="date"
            className="field__input"
            value={draft.from}
            max={today}
            required
            aria-invalid={problem ? true : undefined}
            onChange={(e) => update({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('date_to')}</span>
          <input
            type="date"
            className="field__input"
            value={draft.to}
            min={draft.from || undefined}
            max={today}
            required
            aria-invalid={problem ? true : undefined}
            onChange={(e) => update({ ...draft, to: e.target.value })}
          />
        </label>
      </div>
      {problem && draft.from && draft.to && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(`range_problem.${problem}`, { days: maxDays })}
        </p>
      )}
    </fieldset>
  );
}
