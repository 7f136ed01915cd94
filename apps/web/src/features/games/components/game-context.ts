import type {
  HouseEngineId,
  HousePlayBody,
  HousePlayReply,
  HouseRound,
  HouseSession,
} from '@arcadia/contract';
import { createContext, useContext, useEffect } from 'react';

/** What the shared frame gives every game screen. */
export interface GameContextValue {
  session: HouseSession;
  engine: HouseEngineId;
  /** The selected bet size in minor units. */
  stake: bigint;
  /** A bet, follow-up action or other play is on its way (or its minimum display time is running). */
  busy: boolean;
  /**
   * Sends one play. Resolves with the server's reply once at least `minMs` has passed (the slot's
   * minimum spin time), after the balance, fairness and history have been updated; resolves with
   * null when the server refused it (the frame has already shown the translated error).
   */
  play(body: HousePlayBody, options?: { minMs?: number }): Promise<HousePlayReply | null>;
  /** Formats minor units with the brand's scale and the user's locale. */
  money(minor: bigint | string, signed?: boolean): string;
  /** The unfinished mines or blackjack round to resume when the page opened. */
  openRound: HouseRound | null;
  /** Registers the action Space/Enter triggers (null: none right now). */
  setPrimary(action: (() => void) | null): void;
  /** Locks the bet selector (e.g. while a mines or blackjack round is in play). */
  setStakeLocked(locked: boolean): void;
}

export const GameContext = createContext<GameContextValue | null>(null);

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (!value) throw new Error('useGame outside GameFrame');
  return value;
}

/** Binds Space/Enter to `action` while `enabled`; the frame ignores keys typed into fields. */
export function usePrimaryAction(action: () => void, enabled: boolean) {
  const { setPrimary } = useGame();
  useEffect(() => {
    setPrimary(enabled ? action : null);
    return () => setPrimary(null);
  }, [action, enabled, setPrimary]);
}
