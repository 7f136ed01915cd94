import type { LanguageCode } from '@arcadia/contract/client';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useActiveInStrip } from '../../../lib/use-active-in-strip';
import { useLocation, useNavigate } from 'react-router';
import { useHelpTopicsQuery } from '../api/use-help-topics';

/** Help topics from the brand; the `#term` anchor picks the topic. Server HTML is sanitised. */
export function HelpCenter({ lang, emptyState }: { lang: LanguageCode; emptyState: React.ReactNode }) {
  const { t } = useTranslation('help');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { data: topics, isPending } = useHelpTopicsQuery(lang);
  const term = decodeURIComponent(hash.replace(/^#/, ''));
  const active = topics?.find((x) => x.term === term) ?? topics?.[0];
  const html = useMemo(() => (active ? DOMPurify.sanitize(active.content) : ''), [active]);

  // On a phone the topics are a strip above the text: the chosen one is kept in view in it.
  const nav = useRef<HTMLElement>(null);
  useActiveInStrip(nav, active?.term ?? '');

  useEffect(() => {
    if (term) document.getElementById('help-content')?.focus({ preventScroll: true });
  }, [term]);

  if (isPending) return <div className="skeleton" style={{ height: 240 }} />;
  if (!topics?.length || !active) return emptyState;
  return (
    <div className="panel-layout">
      <nav ref={nav} className="panel-layout__nav" aria-label={t('topics')}>
        <h1 className="panel-layout__title">{t('help_title')}</h1>
        <ul>
          {topics.map((topic) => (
            <li key={topic.term}>
              <button
                type="button"
                className="panel-layout__link"
                aria-current={topic.term === active.term ? 'page' : undefined}
                onClick={() => void navigate({ hash: topic.term }, { replace: true })}
              >
                {topic.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <article className="panel-layout__panel prose" id="help-content" tabIndex={-1}>
        <h2>{active.title}</h2>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
