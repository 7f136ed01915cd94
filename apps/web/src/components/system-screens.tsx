import type { SystemStatus } from '@arcadia/contract';
import { useTranslation } from '../lib/i18n';
import { CustomerServiceButton } from './customer-service-button';
import { Screen, shield } from './network-error-screen';

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
