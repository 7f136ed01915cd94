import { useApiErrorText } from '../../../lib/api-error-text';
import { ApiError } from '../../../lib/api-client';

/**
 * A money action's failure: the error text, and a link to set the payment password when the
 * server says none is set yet.
 */
export function ActionError({
  error,
  setPasswordLabel,
  onSetPaymentPassword,
}: {
  error: unknown;
  setPasswordLabel: string;
  onSetPaymentPassword(): void;
}) {
  const errorText = useApiErrorText();
  const needsPassword = error instanceof ApiError && error.code === 'payment.password.required';
  return (
    <div className="form__error" role="alert">
      <p className="form__error-text">{errorText(error)}</p>
      {needsPassword && (
        <button type="button" className="link-button" onClick={onSetPaymentPassword}>
          {setPasswordLabel}
        </button>
      )}
    </div>
  );
}
