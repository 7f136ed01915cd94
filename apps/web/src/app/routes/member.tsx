import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { defaultMemberPage, memberMenu } from '../../config/member-menu';
import { useWhitelabel } from '../../lib/permission';

/** Member centre: the spec's pages in a left menu, the chosen page on the right (`?page=`). */
export default function MemberPage() {
  const { t } = useTranslation('member');
  const wl = useWhitelabel();
  const [params, setParams] = useSearchParams();
  const entries = memberMenu.filter((e) => !e.gate || e.gate(wl));
  const page = entries.some((e) => e.page === params.get('page')) ? params.get('page')! : defaultMemberPage;
  const title = t(page as 'securityCenter');
  return (
    <div className="panel-layout">
      <nav className="panel-layout__nav" aria-label={t('member_center')}>
        <h1 className="panel-layout__title">{t('member_center')}</h1>
        <ul>
          {entries.map((e) => (
            <li key={e.page}>
              <button
                type="button"
                className="panel-layout__link"
                aria-current={e.page === page ? 'page' : undefined}
                onClick={() => setParams({ page: e.page })}
              >
                {t(e.page as 'securityCenter')}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="panel-layout__panel" aria-label={title}>
        <h2>{title}</h2>
        <EmptyState />
      </section>
    </div>
  );
}
