import type { HouseEngineId } from '@arcadia/contract';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { i18n } from '../../../lib/i18n';
import { useHouseHistoryQuery, useHouseSessionQuery } from '../api/house';
import { BaccaratGame } from '../games/baccarat-game';
import { BlackjackGame } from '../games/blackjack-game';
import { DiceGame } from '../games/dice-game';
import { FishingGame } from '../games/fishing-game';
import { LimboGame } from '../games/limbo-game';
import { MinesGame } from '../games/mines-game';
import { ScratchGame } from '../games/scratch-game';
import { SlotGame } from '../games/slot-game';
import { isEngineId } from '../lib/engines';
import { GameFrame } from './game-frame';
import '../games.css';

function GameScreen({ engine, token }: { engine: HouseEngineId; token: string }) {
  const history = useHouseHistoryQuery(token);
  switch (engine) {
    case 'slot-fruit':
    case 'slot-pharaoh':
    case 'slot-ocean':
      // The reels open on the last spin's symbols once the history is in.
      return history.isPending ? null : <SlotGame lastRound={history.data?.list[0]} />;
    case 'dice':
      return <DiceGame />;
    case 'limbo':
      return <LimboGame />;
    case 'mines':
      return <MinesGame />;
    case 'scratch':
      return <ScratchGame />;
    case 'fishing':
      return <FishingGame />;
    case 'baccarat':
      return <BaccaratGame />;
    case 'blackjack':
      return <BlackjackGame />;
  }
}

/**
 * `/play/:engine?game=&token=&lang=&mode=`: a launched house game, full viewport. Everything is
 * read with the launch token; a missing or expired token shows why instead of a broken table.
 */
export function PlayScreen({ engine, token, lang }: { engine: string; token: string; lang: string | null }) {
  const { t } = useTranslation('games');
  const errorText = useApiErrorText();
  const session = useHouseSessionQuery(token);

  useEffect(() => {
    // The launch names the language the lobby was in; follow it without changing the site's choice.
    const code = lang?.toLowerCase();
    if (code && code !== i18n.language) void i18n.changeLanguage(code);
  }, [lang]);

  const known = isEngineId(engine);
  if (!known || !token) {
    return (
      <div className="game-message" role="alert">
        <h1>{t('cannot_open')}</h1>
        <p>{!token ? t('missing_token') : t('unknown_game')}</p>
      </div>
    );
  }
  if (session.isPending) {
    return (
      <div className="game-message" aria-busy="true">
        <p>{t('loading')}</p>
      </div>
    );
  }
  if (session.isError) {
    const expired = session.error instanceof ApiError && session.error.code === 'game.token.invalid';
    return (
      <div className="game-message" role="alert">
        <h1>{t('cannot_open')}</h1>
        <p>{errorText(session.error)}</p>
        {!expired && (
          <button type="button" className="button" onClick={() => void session.refetch()}>
            {t('try_again')}
          </button>
        )}
      </div>
    );
  }
  return (
    <GameFrame token={token} session={session.data}>
      <GameScreen engine={engine as HouseEngineId} token={token} />
    </GameFrame>
  );
}
