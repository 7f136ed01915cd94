import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** A page whose code failed to load (spec §8 "page took too long to load") or that threw. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="system-screen">
      <div className="system-screen__card">
        <h1>{t('network_error_title')}</h1>
        <p>{t('page_load_error')}</p>
        <div className="row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
          <Link className="button" to={paths.home}>
            {t('back_home')}
          </Link>
        </div>
      </div>
    </main>
  );
}

interface Props {
  /** The current path: a new one clears the error, so the links on the error screen work. */
  resetKey: string;
  children: ReactNode;
}

/** Catches a page that throws while rendering, or whose chunk cannot be fetched. */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render() {
    return this.state.error !== null ? <RouteErrorScreen /> : this.props.children;
  }
}
