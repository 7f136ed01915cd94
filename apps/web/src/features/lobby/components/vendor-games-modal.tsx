import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { useGamesQuery } from '../api/games';
import { useFavouriteToggle } from '../hooks/use-favourite-toggle';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useLobbyUi } from '../lib/lobby-store';
import { PAGE_SIZE } from '../lib/paging';
import { GameCard } from './game-card';
import { EmptyState } from '../../../components/empty-state';

/** Spec §2: a VASSALAGE entry opens its vendor's game list in a popup. */
export default function VendorGamesModal() {
  const { t } = useTranslation('lobby');
  const { vendorPopup, closeVendorPopup } = useLobbyUi();
  const [page, setPage] = useState(1);
  const launch = useLaunchGame();
  const { favourites, toggle } = useFavouriteToggle();
  const games = useGamesQuery(
    {
      gameType: (vendorPopup?.gameType ?? 'RNG') as 'RNG',
      vassalage: vendorPopup?.vassalage ?? '',
      pageNo: page,
      pageSize: PAGE_SIZE,
    },
    vendorPopup !== null,
  );
  const list = games.data?.games ?? [];
  const close = () => {
    closeVendorPopup();
    setPage(1);
  };
  return (
    <Modal open={vendorPopup !== null} onClose={close} title={vendorPopup?.displayName ?? ''} size="large">
      {games.isSuccess && list.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="game-grid game-grid--popup" aria-busy={games.isFetching || undefined}>
          {list.map((g) => (
            <GameCard
              key={g.nodeId}
              game={g}
              onPlay={(game, type) => {
                close();
                void launch(game, type);
              }}
              favourite={favourites.has(g.nodeId)}
              onFavourite={toggle}
            />
          ))}
        </div>
      )}
      <Pagination
        page={page}
        totalPages={games.data?.totalPages ?? 0}
        onChange={setPage}
        label={t('game_pages')}
      />
    </Modal>
  );
}
