import { firstBanner } from '../../../lib/first-paint';
import { HOME_PAGE_SIZE } from '../lib/paging';

// Placeholders with the final size of what arrives late on home (banners, notices, lobby lanes),
// so that nothing below them moves when the data comes (cumulative layout shift). Each reuses
// the real component's classes; only the content is missing. Hidden from assistive technology.

/**
 * The banner carousel's box: one slide at the carousel's aspect ratio. On home it shows the first
 * banner the server drew into the page (`image`), so the banner stays on screen until the carousel.
 */
export function BannerPlaceholder({ image = null }: { image?: string | null }) {
  return (
    <div className="banner" aria-hidden="true">
      <div className="banner__slide">{image && <img src={image} alt="" fetchPriority="high" />}</div>
    </div>
  );
}

/** The notice marquee's bar, one line high. */
export function MarqueePlaceholder() {
  return (
    <div className="marquee" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" className="marquee__icon" />
      <div className="marquee__viewport">
        <span className="marquee__item">&nbsp;</span>
      </div>
    </div>
  );
}

/** `count` game cards without content, in the grid's own cells (two home rows by default). */
export function GameGridSkeleton({ count = HOME_PAGE_SIZE }: { count?: number }) {
  return (
    <div className="game-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="game-card game-card--skeleton">
          <div className="game-card__art skeleton" />
          <div className="game-card__text">
            <span className="game-card__name">&nbsp;</span>
            <span className="game-card__vendor">&nbsp;</span>
          </div>
          <div className="game-card__actions">
            <span className="button button--small">&nbsp;</span>
          </div>
        </div>
      ))}
    </div>
  );
}

/** A lobby section: its header line and a page of cards. */
export function SectionSkeleton() {
  return (
    <div className="section" aria-hidden="true">
      <div className="section__header">
        <span className="section__title-placeholder">&nbsp;</span>
      </div>
      <GameGridSkeleton />
    </div>
  );
}

/** Home before its code and data: banner, marquee, the lobby menu's line and the first section. */
export function HomeSkeleton() {
  return (
    <div className="home" aria-busy="true">
      <BannerPlaceholder image={firstBanner} />
      <MarqueePlaceholder />
      <div className="filter-tabs" aria-hidden="true">
        <span className="filter-tabs__item filter-tabs__item--placeholder">&nbsp;</span>
      </div>
      <div className="home__grid">
        <div className="home__sections">
          <div className="lobby-sections">
            <SectionSkeleton />
          </div>
        </div>
      </div>
    </div>
  );
}
