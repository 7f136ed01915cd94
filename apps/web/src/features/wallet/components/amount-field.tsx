import { useId } from 'react';

interface AmountFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  /** An "All" button beside the input. */
  action?: { label: string; onClick(): void; disabled?: boolean } | undefined;
  disabled?: boolean;
}

/**
 * A money amount typed as text: decimal keyboard on phones, no spinner, no float parsing. The
 * text is validated and sent as typed (lib/money.ts `parseAmount`).
 */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  action,
  disabled,
}: AmountFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="field__group">
        <input
          id={id}
          name="amount"
          className="field__input field__input--amount"
          inputMode="decimal"
          autoComplete="off"
          required
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        {action && (
          <button
            type="button"
            className="button field__action"
            onClick={action.onClick}
            disabled={disabled || action.disabled}
          >
            {action.label}
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
