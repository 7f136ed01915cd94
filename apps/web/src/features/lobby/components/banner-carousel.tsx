import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import type { Banner } from '../api/lobby';

/** Spec §9 banner carousel. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;
export const BANNER_GAP_PX = 20;

/**
 * One banner per view sliding every 5 s (1 s transition, 20 px apart), dots when there is more
 * than one. Autoplay pauses while the pointer or keyboard focus is on it, and stays off for
 * visitors who ask for reduced motion.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation('lobby');
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const [reduced] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  useEffect(() => {
    if (count <= 1 || paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused, reduced]);

  const open = useCallback(
    (b: Banner) => {
      if (!b.linkUrl) return;
      // linkageType 1: a path inside the site; 2: another site, in a new tab.
      if (b.linkageType === 1) void navigate(b.linkUrl);
      else if (b.linkageType === 2) window.open(b.linkUrl, '_blank', 'noopener');
    },
    [navigate],
  );

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner__track"
        style={{
          transform: `translateX(calc(${-current * 100}% - ${current * BANNER_GAP_PX}px))`,
          transitionDuration: reduced ? '0ms' : `${BANNER_SPEED_MS}ms`,
          gap: `${BANNER_GAP_PX}px`,
        }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {banners.map((b, i) => (
          <div
            key={b.id}
            className="banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('slide_of', { n: i + 1, total: count })}
            aria-hidden={i !== current}
          >
            {b.linkUrl && b.linkageType !== 0 ? (
              <button
                type="button"
                className="banner__link"
                tabIndex={i === current ? 0 : -1}
                onClick={() => open(b)}
              >
                <img src={b.url} alt={b.title} decoding="async" fetchPriority={i === 0 ? 'high' : 'auto'} />
              </button>
            ) : (
              <img src={b.url} alt={b.title} decoding="async" fetchPriority={i === 0 ? 'high' : 'auto'} />
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner__dots" role="group" aria-label={t('banners')}>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className="banner__dot"
              aria-label={t('go_to_slide', { n: i + 1 })}
              aria-current={i === current || undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
