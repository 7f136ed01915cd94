import { useTranslation } from '../lib/i18n';
import { useApiErrorText } from '../lib/api-error-text';

/** A panel's or report's first load. */
export function PanelLoading() {
  const { t } = useTranslation();
  return (
    <div className="panel-state" role="status" aria-label={t('loading')}>
      <span className="spinner spinner--small" aria-hidden="true" />
    </div>
  );
}

/** A panel whose data could not be loaded, with the reason and a retry. */
export function PanelError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  return (
    <div className="panel-state">
      <p className="form__error" role="alert">
        {errorText(error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
