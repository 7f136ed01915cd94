import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { NoticeModal } from '../../../components/modal';
import type { Popup } from '../api/lobby';

/**
 * The announcement popups that apply to this visitor, one after another. Closing ends them for
 * the session (the caller sets the flag). Operator HTML is sanitised before it is rendered.
 */
export default function AnnouncementPopups({
  popups,
  onClose,
}: {
  popups: readonly Popup[];
  onClose(): void;
}) {
  const { t } = useTranslation(['lobby', 'common']);
  const [index, setIndex] = useState(0);
  const popup = popups[index];
  const html = useMemo(() => (popup ? DOMPurify.sanitize(popup.content) : ''), [popup]);
  if (!popup) return null;
  const last = index >= popups.length - 1;
  return (
    <NoticeModal onClose={onClose} title={popup.title} size="medium">
      <div className="announcement rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="confirm__actions">
        {popups.length > 1 && (
          <span className="announcement__count">
            {t('page_of', { page: index + 1, total: popups.length })}
          </span>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => (last ? onClose() : setIndex(index + 1))}
        >
          {last ? t('common:close') : t('common:next_page')}
        </button>
      </div>
    </NoticeModal>
  );
}
