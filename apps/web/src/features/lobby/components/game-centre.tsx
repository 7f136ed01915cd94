import type { GameType } from '@arcadia/contract';
import { type ReactNode, useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/section';
import { useAnnouncementsQuery, useVendorLanesQuery } from '../api/lobby';
import { useLaunchGame } from '../hooks/use-launch-game';
import { BannerCarousel } from './banner-carousel';
import { VendorTile } from './vendor-tile';

/**
 * Game centre (spec §2): /sports, /esports, /lott, /elott list the category's vendors; choosing
 * one launches it (through the launch gate) or opens its lottery page.
 */
export function GameCentre({
  category,
  title,
  children,
}: {
  category: GameType;
  title: string;
  /** More of the category's games, shown before its vendors (the house lottery's on /lott and /elott). */
  children?: ReactNode;
}) {
  const launch = useLaunchGame();
  const lanes = useVendorLanesQuery();
  const announcements = useAnnouncementsQuery();
  const cards = lanes.data?.find((l) => l.title === category)?.cards ?? [];
  const banners = useMemo(
    () => (announcements.data?.banners ?? []).filter((b) => b.groupName === `w_${category.toLowerCase()}`),
    [announcements.data, category],
  );
  return (
    <div className="page lobby-page">
      <BannerCarousel banners={banners} />
      <PageHeader title={title} />
      {children}
      {lanes.isSuccess && cards.length === 0 ? (
        children ? null : (
          <EmptyState />
        )
      ) : (
        <div className="vendor-grid">
          {cards.map((card) => (
            <VendorTile key={card.vassalage} card={card} large onOpen={() => void launch(card)} />
          ))}
        </div>
      )}
    </div>
  );
}
