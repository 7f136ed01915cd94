import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { useNoticeListQuery } from '../api/games';
import { useLobbyUi } from '../lib/lobby-store';

/**
 * The notice modal (spec §2, §9): the notices nine a page (page range 5, margin 1) beside the
 * chosen one's text. Notice text is shown as plain text.
 */
export default function NoticeModal() {
  const { t } = useTranslation('lobby');
  const { noticeOpen, openNotices, closeNotices } = useLobbyUi();
  const [page, setPage] = useState(1);
  const list = useNoticeListQuery(page, noticeOpen !== null);
  const notices = list.data?.list ?? [];
  const active = notices.find((n) => n.id === noticeOpen) ?? notices[0];
  return (
    <Modal open={noticeOpen !== null} onClose={closeNotices} title={t('notices')} size="large">
      {list.isSuccess && notices.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="notice-modal">
          <div>
            <ul className="notice-modal__list">
              {notices.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className="notice-modal__item"
                    aria-current={n.id === active?.id || undefined}
                    onClick={() => openNotices(n.id)}
                  >
                    <span>{n.title}</span>
                    <time dateTime={n.publishedAt}>{n.publishedAt.slice(0, 10)}</time>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={list.data?.totalPages ?? 0}
              onChange={setPage}
              label={t('notice_pages')}
            />
          </div>
          {active && (
            <article className="notice-modal__content" aria-live="polite">
              <h3>{active.title}</h3>
              <p>{active.content}</p>
            </article>
          )}
        </div>
      )}
    </Modal>
  );
}
