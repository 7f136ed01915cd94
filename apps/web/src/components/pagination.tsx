import { useTranslation } from '../lib/i18n';

/**
 * Page numbers to show: `range` pages around the current one, `margin` pages at each end, and
 * `null` for a gap. Spec §9 pages the notice list with range 5 and margin 1, the defaults here.
 */
export function pageItems(page: number, totalPages: number, range = 5, margin = 1): (number | null)[] {
  if (totalPages <= range + 2 * margin) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(totalPages, start + range - 1);
  start = Math.max(1, end - range + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= margin; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = totalPages - margin + 1; p <= totalPages; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) items.push(p - prev === 2 ? p - 1 : null);
    items.push(p);
  });
  return items;
}

function Chevron({ flip }: { flip?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      className={flip ? 'flip-x' : undefined}
    >
      <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
  /** What is being paged, for screen readers ("Account record pages"). */
  label: string;
}

/** Previous, page numbers with gaps, next. Nothing when there is a single page. */
export function Pagination({ page, totalPages, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__item"
        disabled={page <= 1}
        aria-label={t('previous_page')}
        onClick={() => onChange(page - 1)}
      >
        <Chevron flip />
      </button>
      {pageItems(page, totalPages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className="pagination__item"
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('page_n', { page: p })}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__item"
        disabled={page >= totalPages}
        aria-label={t('next_page')}
        onClick={() => onChange(page + 1)}
      >
        <Chevron />
      </button>
    </nav>
  );
}
