import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { formatMoney, minorToMajorText } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useLocaleTag } from '../../../lib/locale-tag';
import { useSessionStore } from '../../../lib/session-store';
import { useRgStatus } from '../api/responsible';

/** When the next reminder is due: the next whole multiple of the interval since the session began. */
export function nextReminderAt(startedAt: number, everyMs: number, now: number): number {
  const passed = Math.max(0, now - startedAt);
  return startedAt + (Math.floor(passed / everyMs) + 1) * everyMs;
}

/**
 * The reality check (docs/responsible-gaming.md): every N minutes of a session, as the member chose
 * in the security centre, a dialog with the time played and the session's net result (read fresh
 * from the server at that moment), and a way to the tools. Nothing for visitors and trial accounts,
 * or when the member has not turned it on.
 */
export function RealityCheck() {
  const { t } = useTranslation('responsible');
  const brand = useBrand();
  const locale = useLocaleTag();
  const isTrial = useSessionStore((s) => s.isTrial);
  const status = useRgStatus(!isTrial);
  const [shown, setShown] = useState<{ minutes: number; net: string } | null>(null);
  const every = status.data?.realityCheckMinutes ?? null;
  const startedAt = status.data?.session?.startedAt ?? null;

  useEffect(() => {
    if (every === null || startedAt === null) return;
    const start = Date.parse(startedAt);
    const everyMs = every * 60_000;
    const timer = setTimeout(
      async () => {
        const fresh = await status.refetch();
        const session = fresh.data?.session;
        if (!session) return;
        setShown({ minutes: Math.round((Date.now() - start) / 60_000), net: session.net });
      },
      Math.max(0, nextReminderAt(start, everyMs, Date.now()) - Date.now()),
    );
    return () => clearTimeout(timer);
    // The reminder re-arms after each one is shown (and when the setting changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [every, startedAt, shown]);

  if (!shown) return null;
  const net = BigInt(shown.net);
  const money = formatMoney(
    minorToMajorText((net < 0n ? -net : net).toString(), brand.currencyScale) ?? '0',
    {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale,
    },
  );
  return (
    <Modal open onClose={() => setShown(null)} title={t('reality_title')} role="alertdialog">
      <p className="rg-reality__line">{t('reality_time', { count: shown.minutes })}</p>
      <p className="rg-reality__line">
        {net < 0n
          ? t('reality_net_down', { amount: money })
          : net > 0n
            ? t('reality_net_up', { amount: money })
            : t('reality_net_even')}
      </p>
      <div className="rg-actions">
        <Link className="button" to="/member?page=securityCenter" onClick={() => setShown(null)}>
          {t('reality_tools')}
        </Link>
        <button type="button" className="button button--primary" onClick={() => setShown(null)}>
          {t('reality_continue')}
        </button>
      </div>
    </Modal>
  );
}
