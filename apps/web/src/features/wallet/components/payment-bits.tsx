import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CopyGlyph, useCopy } from '../../../components/user-id';

export type Tone = 'ok' | 'pending' | 'bad' | 'muted';

/** A coloured status label: green done, amber waiting, red refused or failed, grey otherwise. */
export function StatusPill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`status-pill status-pill--${tone}`}>{children}</span>;
}

/** A label and its value, with a copy button when the value is meant to be typed elsewhere. */
export function DetailRow({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd>
        <span className="detail-list__value">{value}</span>
        {copy && <CopyButton text={value} label={label} />}
      </dd>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('payments');
  const { copied, copy } = useCopy(text);
  return (
    <>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('copy', { label })}
        title={t('copy', { label })}
        onClick={copy}
      >
        <CopyGlyph />
      </button>
      <span className="detail-list__copied" role="status">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}

/** `D42`: a deposit's reference (the bank transfer note, the gateway's order number). */
export const depositReference = (id: string) => `D${id}`;
/** `#42`: a withdrawal as the account record names it ("Withdrawal #42"). */
export const withdrawReference = (id: string) => `#${id}`;
