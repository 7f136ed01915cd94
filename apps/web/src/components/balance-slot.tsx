import { useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { local } from '../lib/storage';
import { RefreshButton } from './refresh-button';

interface BalanceSlotProps {
  /** The formatted balance; absent until the wallet feature supplies it. */
  value?: string | undefined;
  onRefresh(): void;
  refreshing?: boolean;
}

/**
 * The header balance (spec §2): asterisks while hidden (the choice is remembered in
 * `hideBalance`), a refresh button, and a placeholder until a figure exists. No number is shown
 * that the server did not send.
 */
export function BalanceSlot({ value, onRefresh, refreshing }: BalanceSlotProps) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => local.get('hideBalance') === '1');
  const toggle = () => {
    const next = !hidden;
    local.set('hideBalance', next ? '1' : '0');
    setHidden(next);
  };
  const label = hidden
    ? t('balance_hidden')
    : value === undefined
      ? t('balance_loading')
      : t('balance_value', { value });
  return (
    <div className="balance" role="group" aria-label={t('balance')}>
      <span className="balance__value" role="status" aria-label={label}>
        {hidden ? t('balance_mask') : (value ?? t('balance_placeholder'))}
      </span>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-pressed={hidden}
        aria-label={t('hide_balance')}
        title={t('hide_balance')}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {hidden && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
        </svg>
      </button>
      <RefreshButton label={t('refresh_balance')} refreshing={refreshing} onClick={onRefresh} />
    </div>
  );
}
