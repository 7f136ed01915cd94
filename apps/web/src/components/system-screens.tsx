import type { SystemStatus } from '@arcadia/contract';
import { useTranslation } from '../lib/i18n';
import { CustomerServiceButton } from './customer-service-button';

function Screen({
  title,
  children,
  icon,
}: {
  title: string;
  children: React.ReactNode;
  icon: React.ReactNode;
}) {
  return (
    <main className="system-screen">
      <div className="system-screen__card">
        <div className="system-screen__icon" aria-hidden="true">
          {icon}
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

const wrench = (
  <svg viewBox="0 0 48 48" width="56" height="56">
    <path
      d="M30 6a10 10 0 0 0-9.4 13.4L7 33a4.2 4.2 0 0 0 6 6l13.6-13.6A10 10 0 0 0 40.8 15l-5.6 5.6-6-1.8-1.8-6L33 7.2A10 10 0 0 0 30 6Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinejoin="round"
    />
  </svg>
);

const shield = (
  <svg viewBox="0 0 48 48" width="56" height="56">
    <path
      d="M24 4 8 10v12c0 10 7 18 16 22 9-4 16-12 16-22V10L24 4Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    />
    <path d="m16 16 16 16M32 16 16 32" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);

export function MaintenanceScreen({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const info = status.maintenanceInfo;
  const until = info?.endTime
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(info.endTime),
      )
    : null;
  return (
    <Screen title={t('maintenance_title')} icon={wrench}>
      <p>{info?.message || t('info_maintenance')}</p>
      {until && <p className="system-screen__muted">{t('maintenance_until', { time: until })}</p>}
      <CustomerServiceButton status={status} />
    </Screen>
  );
}

export function RegionBlockScreen({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('blockip')} icon={shield}>
      <p className="system-screen__ip" data-testid="visitor-ip">
        {t('your_ip', { ip: status.location.ip })}
      </p>
      <p>{t('blockip_info')}</p>
      <CustomerServiceButton status={status} />
    </Screen>
  );
}

export function NetworkErrorScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('network_error_title')} icon={shield}>
      <p>{t('network_error_text')}</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        {t('retry')}
      </button>
    </Screen>
  );
}
