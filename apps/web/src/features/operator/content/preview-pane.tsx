import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { ContentPreview, OpsAnnouncement } from './api';

/**
 * The announcement as a player would see it, from the server's preview: the banner strip, the
 * notice or the popup card, with the content HTML exactly as the server sanitised it (what players
 * receive). One language at a time.
 */
export function ContentPreviewPane({
  type,
  preview,
  pending,
  error,
  imageUrl,
  execution,
}: {
  type: OpsAnnouncement['type'];
  preview: ContentPreview | null;
  pending: boolean;
  error: string | null;
  imageUrl: string | null;
  execution: string | null;
}) {
  const { t } = useTranslation('operator');
  const [language, setLanguage] = useState('EN');
  const shown = preview?.languages.find((l) => l.language === language) ?? preview?.languages[0];
  return (
    <aside className="content-preview" aria-label={t('content.preview_title')} aria-busy={pending}>
      <header className="content-preview__head">
        <h3>{t('content.preview_title')}</h3>
        {preview && preview.languages.length > 1 && (
          <div className="segmented" role="tablist" aria-label={t('content.language')}>
            {preview.languages.map((l) => (
              <button
                key={l.language}
                type="button"
                role="tab"
                aria-selected={shown?.language === l.language}
                className="segmented__item"
                onClick={() => setLanguage(l.language)}
              >
                {l.language}
              </button>
            ))}
          </div>
        )}
      </header>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!shown ? (
        <p className="muted">{t('content.preview_empty')}</p>
      ) : type === 'B' ? (
        <figure className="content-preview__banner" data-testid="content-preview">
          {imageUrl ? <img src={imageUrl} alt={shown.title} /> : <div className="content-preview__noimg" />}
          <figcaption>{shown.title}</figcaption>
        </figure>
      ) : type === 'PU' ? (
        <div
          className="content-preview__popup"
          role="dialog"
          aria-label={shown.title}
          data-testid="content-preview"
        >
          <p className="muted">{execution ? t(`content.execution_${execution}`) : null}</p>
          <h4>{shown.title}</h4>
          <div className="announcement rich-text" dangerouslySetInnerHTML={{ __html: shown.html }} />
        </div>
      ) : (
        <article className="content-preview__notice" data-testid="content-preview">
          {type === 'PR' && imageUrl && <img src={imageUrl} alt="" />}
          <h4>{shown.title}</h4>
          <div className="prose" dangerouslySetInnerHTML={{ __html: shown.html }} />
        </article>
      )}
    </aside>
  );
}
