/**
 * The one interface every game vendor implements (architecture §5). A third-party aggregator is
 * configuration plus one file implementing this; the house vendor (`house`) is the built-in one.
 */

export type WalletMode = 'seamless' | 'transfer';
export type LaunchMode = 'real' | 'trial';

export interface LaunchInput {
  merchantId: number;
  /** The member launching; null for a visitor's free trial where the brand allows it. */
  memberId: string | null;
  account: string | null;
  /** Catalogue game being launched (its `game_code`) and the studio it is listed under. */
  gameCode: string;
  vassalage: string;
  mode: LaunchMode;
  language: string;
  currency: string;
  /** Where the game's "back to lobby" goes. */
  returnUrl?: string;
}

export interface LaunchResult {
  /** What `GET /wps/game/launchGame` answers as `value.content.game_url`. */
  url: string;
}

export interface VendorBetRecord {
  vendorRoundId: string;
  memberId: string;
  gameCode: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  status: 'open' | 'settled' | 'void';
  placedAt: Date;
  settledAt: Date | null;
}

export interface VendorAdapter {
  /** Adapter code, also the `/vendor/<code>/` callback prefix. */
  readonly code: string;
  readonly walletMode: WalletMode;
  /** Whether a second launch is refused while the member has an open round with this vendor. */
  readonly singleOpenRound: boolean;
  /** False when the vendor has no credentials configured: its games are not listed. */
  configured(): boolean;
  launch(input: LaunchInput): Promise<LaunchResult>;
  /** Transfer-mode vendors only: move money into / out of the vendor's own wallet. */
  transferIn?(input: {
    merchantId: number;
    memberId: string;
    amount: bigint;
    reference: string;
  }): Promise<void>;
  transferOut?(input: {
    merchantId: number;
    memberId: string;
    amount: bigint;
    reference: string;
  }): Promise<void>;
  /** Vendors that report bets by pull rather than by wallet callbacks. */
  pullBets?(input: { merchantId: number; since: Date; until: Date }): Promise<VendorBetRecord[]>;
}

/** Adapters by code. Filled at start-up from configuration; the house vendor is always present. */
export class VendorRegistry {
  private readonly adapters = new Map<string, VendorAdapter>();

  register(adapter: VendorAdapter): void {
    this.adapters.set(adapter.code, adapter);
  }

  get(code: string): VendorAdapter | undefined {
    return this.adapters.get(code);
  }

  /** Codes of adapters that can actually serve games (configured). */
  available(): string[] {
    return [...this.adapters.values()].filter((a) => a.configured()).map((a) => a.code);
  }
}
