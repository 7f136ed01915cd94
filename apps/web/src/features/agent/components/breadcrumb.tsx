import { useTranslation } from '../../../lib/i18n';

interface Crumb {
  id: string;
  account: string;
}

/** The chain from the agent to the team being viewed; every step but the last goes back up. */
export function TeamBreadcrumb({ path, onOpen }: { path: Crumb[]; onOpen(id: string | undefined): void }) {
  const { t } = useTranslation('agent');
  if (path.length <= 1) return null;
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb')}>
      <ol>
        {path.map((c, i) => (
          <li key={c.id}>
            {i === path.length - 1 ? (
              <span aria-current="page">{c.account}</span>
            ) : (
              <button
                type="button"
                className="link-button"
                onClick={() => onOpen(i === 0 ? undefined : c.id)}
              >
                {c.account}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
