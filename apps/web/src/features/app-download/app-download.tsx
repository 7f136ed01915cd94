import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { QrCode } from '../../components/qr-code';
import { appDownloadLink } from '../../lib/app-download-link';
import { usePermission } from '../../lib/permission';
import './app-download.css';

function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="app-download__steps">
      {steps.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

/**
 * App download: the Android package when the brand publishes one (its `Android` resource), the
 * installable site otherwise, the iOS guide (the home-screen app, or the brand's `iOS` resource),
 * and a QR code to open this page on the phone.
 */
export function AppDownload() {
  const { t, i18n } = useTranslation('rewards');
  const permission = usePermission();
  const android = permission.info.resources.Android?.url;
  const ios = permission.info.resources.iOS?.url;
  const qrLink = appDownloadLink(window.location.origin, i18n.language, null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }, []);

  return (
    <div className="app-download">
      <section className="app-download__hero" aria-labelledby="app-download-title">
        <div>
          <h2 id="app-download-title">{t('app_title', { brand: permission.info.brand.name })}</h2>
          <p className="app-download__lead">{t('app_lead')}</p>
          <p className="app-download__lead">{t('app_sign_in_later')}</p>
        </div>
        <figure className="app-download__qr">
          <QrCode value={qrLink} label={t('app_qr_label')} />
          <figcaption>{t('app_qr_caption')}</figcaption>
        </figure>
      </section>
      <div className="app-download__cards">
        <section className="app-download__card" aria-labelledby="app-android">
          <h3 id="app-android">{t('app_android')}</h3>
          {android ? (
            <>
              <a className="button button--primary" href={android} rel="noopener">
                {t('app_android_download')}
              </a>
              <Steps steps={[t('app_android_apk_1'), t('app_android_apk_2'), t('app_android_apk_3')]} />
            </>
          ) : (
            <Steps steps={[t('app_android_pwa_1'), t('app_android_pwa_2'), t('app_android_pwa_3')]} />
          )}
        </section>
        <section className="app-download__card" aria-labelledby="app-ios">
          <h3 id="app-ios">{t('app_ios')}</h3>
          {ios ? (
            <>
              <a className="button button--primary" href={ios} rel="noopener">
                {t('app_ios_download')}
              </a>
              <Steps steps={[t('app_ios_store_1'), t('app_ios_store_2')]} />
            </>
          ) : (
            <Steps steps={[t('app_ios_pwa_1'), t('app_ios_pwa_2'), t('app_ios_pwa_3')]} />
          )}
        </section>
      </div>
    </div>
  );
}
