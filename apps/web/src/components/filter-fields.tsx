/**
 * The fields of the record pages' filter bars (betting record, profit and loss, account record,
 * the agent reports): a from–to pair of dates and a select with an "all" choice. Labels come from
 * the caller, each page having its own translation namespace.
 */

interface DateSpanFieldsProps {
  from: string;
  to: string;
  /** The last day that may be picked (`yyyy-mm-dd`). */
  today: string;
  labels: { from: string; to: string };
  onFrom(value: string): void;
  onTo(value: string): void;
}

/** From and to dates: neither after today, the start never after the end. */
export function DateSpanFields({ from, to, today, labels, onFrom, onTo }: DateSpanFieldsProps) {
  return (
    <>
      <label className="field">
        <span className="field__label">{labels.from}</span>
        <input
          type="date"
          className="field__input"
          value={from}
          max={to || today}
          onChange={(e) => onFrom(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{labels.to}</span>
        <input
          type="date"
          className="field__input"
          value={to}
          min={from || undefined}
          max={today}
          onChange={(e) => onTo(e.target.value)}
        />
      </label>
    </>
  );
}

interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  /** The text of the empty choice, which means "no filter". */
  allLabel: string;
  options: readonly { value: V; label: string }[];
  onChange(value: V | ''): void;
}

/** A labelled filter select whose first choice is "all" (the empty value). */
export function SelectField<V extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: SelectFieldProps<V>) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
