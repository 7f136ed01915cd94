import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { HoldemState, LiveResult, ThreeCardState } from '@arcadia/games';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  status: ColumnType<'active' | 'suspended', 'active' | 'suspended' | undefined>;
  currency: string;
  currency_symbol: string;
  currency_scale: number;
  default_language: string;
  /** Brand settings validated by `brandSettingsSchema` (modules/brand/brand.settings.ts). */
  settings: Json<unknown>;
  /** Whitelabel flags `{ MODID: boolean }`. */
  modules: Json<Record<string, boolean>>;
  register_rules: Json<unknown>;
  availability: Json<unknown>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MemberTable {
  id: Generated<string>;
  merchant_id: number;
  account: string;
  nickname: string | null;
  type: number;
  parent_id: string | null;
  status: ColumnType<'active' | 'frozen' | 'closed', 'active' | 'frozen' | 'closed' | undefined>;
  password_hash: string;
  payment_password_hash: string | null;
  password_changed_at: Generated<Date>;
  mobile_dialing_code: string | null;
  mobile_num: string | null;
  email: string | null;
  register_method: string;
  register_url: string | null;
  domain: string | null;
  created_ip: string | null;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
  last_login_ip: string | null;
  first_login_done: Generated<boolean>;
  must_change_password: Generated<boolean>;
  language: string | null;
  avatar: Generated<string>;
  profile: ColumnType<Record<string, string>, string | undefined, string>;
}

export interface SessionTable {
  id: Generated<string>;
  token_hash: string;
  member_id: string;
  merchant_id: number;
  login_type: string;
  must_change_password: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
}

export interface MemberKnownIpTable {
  member_id: string;
  ip: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface LoginChallengeTable {
  token_hash: string;
  member_id: string;
  login_type: string;
  agent: boolean;
  ip: string | null;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface RsaKeyTable {
  key_id: string;
  public_pem: string;
  private_pem: string;
  created_at: Generated<Date>;
}

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface VerificationCodeTable {
  id: Generated<string>;
  merchant_id: number;
  purpose: 'login' | 'register' | 'reset' | 'login_verify';
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OutboxMessageTable {
  id: Generated<string>;
  merchant_id: number;
  channel: string;
  destination: string;
  body: string;
  code: string | null;
  created_at: Generated<Date>;
}

export interface ThrottleTable {
  key: string;
  hits: number;
  window_started_at: Date;
  blocked_until: Date | null;
}

export interface AffiliateCodeTable {
  id: Generated<string>;
  merchant_id: number;
  code: string;
  member_id: string;
  member_type: number;
  usage_count: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface MemberTreeTable {
  ancestor_id: string;
  descendant_id: string;
  depth: number;
}

export interface HelpTopicTable {
  id: Generated<string>;
  merchant_id: number;
  language: string;
  term: string;
  title: string;
  content: string;
  sort: number;
}

export interface FeedbackTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string | null;
  question_type: string;
  content: string;
  contact: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface LedgerAccountTable {
  id: Generated<string>;
  merchant_id: number;
  owner_id: string | null;
  kind: 'main' | 'vendor' | 'points' | 'system';
  code: string;
  currency: string;
  /** Minor units; a string on the wire from the driver (int8). */
  balance: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface LedgerTransactionTable {
  id: Generated<string>;
  merchant_id: number;
  kind: string;
  idempotency_key: string;
  request_hash: string;
  member_id: string | null;
  reference: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Generated<Date>;
}

/** A background job's lease and last run (migration 202611221240). */
export interface JobLeaseTable {
  name: string;
  owner: string;
  locked_until: Date;
  last_started_at: Date | null;
  last_finished_at: Date | null;
  last_error: string | null;
  runs: ColumnType<string, string | undefined, string>;
}

/** Per member, UTC day and ledger kind: main-wallet movements (migration 202611221230). */
export interface MemberMoneyDailyTable {
  merchant_id: number;
  member_id: string;
  day: ColumnType<Date, string, never>;
  kind: string;
  tx_count: number;
  /** Signed minor units on the member's main wallet (int8 → string). */
  amount: ColumnType<string, string, never>;
}

export interface LedgerEntryTable {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  amount: ColumnType<string, string, never>;
  balance_after: ColumnType<string | null, string | null, never>;
  created_at: Generated<Date>;
}

export type DepositStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'rejected';
export type PaymentChannelKind = 'BANK_TRANSFER' | 'DEMO_GATEWAY';

export interface DepositRequestTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  /** The member's idempotency key. */
  request_id: string;
  request_hash: string;
  channel: string;
  channel_kind: PaymentChannelKind;
  /** Minor units. */
  amount: ColumnType<string, string, never>;
  status: ColumnType<DepositStatus, DepositStatus | undefined, DepositStatus>;
  gateway_ref: string | null;
  payer_note: string | null;
  decision_note: string | null;
  ledger_transaction_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type WithdrawStatus = 'pending' | 'paid' | 'rejected';
export type ConfirmStatus = 'none' | 'received' | 'partial' | 'not_received' | 'auto_received';

export interface WithdrawRequestTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  request_id: string;
  request_hash: string;
  /** Minor units. */
  amount: ColumnType<string, string, never>;
  status: ColumnType<WithdrawStatus, WithdrawStatus | undefined, WithdrawStatus>;
  payee_name: string | null;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  decision_note: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  paid_at: Date | null;
  confirm_status: ColumnType<ConfirmStatus, ConfirmStatus | undefined, ConfirmStatus>;
  /** Minor units that did not arrive (partial receipt). */
  remaining_amount: string | null;
  proof: Uint8Array | null;
  proof_mime: 'image/png' | 'image/jpeg' | null;
  confirmed_at: Date | null;
  hold_tx_id: string | null;
  settle_tx_id: string | null;
}

export interface OperatorAuditTable {
  id: Generated<string>;
  /** Null: an action on no single brand (operator accounts of every brand). */
  merchant_id: number | null;
  actor: string;
  action: string;
  target: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: Generated<Date>;
}

export type OperatorRole = 'admin' | 'finance' | 'support' | 'content' | 'risk';
export type OperatorStatus = 'active' | 'disabled';

export interface OperatorTable {
  id: Generated<string>;
  /** Unique whatever its case (`lower(username)`); kept as typed. */
  username: string;
  password_hash: string;
  role: OperatorRole;
  /** Null: every brand. */
  merchant_id: number | null;
  status: ColumnType<OperatorStatus, OperatorStatus | undefined, OperatorStatus>;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
}

export interface OperatorSessionTable {
  id: Generated<string>;
  token_hash: string;
  operator_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
}

/** Vendor wallet and wagers (migration 202611221400, docs/vendor-protocol.md). */
export interface VendorSecretTable {
  merchant_id: number;
  vendor_code: string;
  secret: string;
  created_at: Generated<Date>;
}

export interface VendorSessionTable {
  id: Generated<string>;
  token_hash: string;
  merchant_id: number;
  member_id: string;
  vendor_code: string;
  game_code: string;
  mode: 'real' | 'trial';
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface VendorRequestTable {
  merchant_id: number;
  vendor_code: string;
  request_id: string;
  body_hash: string;
  reply: string;
  created_at: Generated<Date>;
}

export interface VendorTxTable {
  merchant_id: number;
  vendor_code: string;
  transaction_id: string;
  type: 'bet' | 'win' | 'rollback' | 'tombstone';
  member_id: string;
  round_id: string;
  ref_transaction_id: string | null;
  amount: Generated<string>;
  payload_hash: string;
  rolled_back: Generated<boolean>;
  bet_id: string | null;
  ledger_transaction_id: string | null;
  created_at: Generated<Date>;
}

export interface BetTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  adapter: string;
  vassalage: string;
  game_code: string;
  game_type: string;
  round_id: string;
  stake: Generated<string>;
  valid_bet: Generated<string>;
  payout: Generated<string>;
  status: 'open' | 'settled' | 'void';
  placed_at: Generated<Date>;
  settled_at: Timestamp | null;
}

interface MemberStatColumns {
  merchant_id: number;
  member_id: string;
  game_type: string;
  vassalage: string;
  bet_count: Generated<number>;
  stake: Generated<string>;
  valid_bet: Generated<string>;
  payout: Generated<string>;
}
export interface MemberStatHourlyTable extends MemberStatColumns {
  hour: Timestamp;
}
export interface MemberStatDailyTable extends MemberStatColumns {
  /** UTC day. Drivers differ on `date` (Date or string): select `day::text` to get 'YYYY-MM-DD'. */
  day: ColumnType<Date | string, string, string>;
}

/** Games catalogue and announcements (migration 202611221300, docs/catalogue.md). */
export interface GameVendorTable {
  id: Generated<string>;
  merchant_id: number;
  vassalage: string;
  /** Display name per language code (EN at least). */
  names: Json<Record<string, string>>;
  adapter: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface GameTable {
  node_id: Generated<number>;
  merchant_id: number;
  game_code: string;
  game_type: string;
  vassalage: string;
  adapter: string;
  engine: string | null;
  names: Json<Record<string, string>>;
  classify: Json<string[]>;
  hot_rank: number | null;
  sort_order: Generated<number>;
  is_game: ColumnType<'GAME' | 'VASSALAGE', 'GAME' | 'VASSALAGE' | undefined>;
  trial: Generated<boolean>;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  icon_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A studio's API credential for a brand, AES-256-GCM sealed (modules/catalogue/vendor-credentials.ts). */
export interface VendorCredentialTable {
  merchant_id: number;
  vassalage: string;
  sealed: string;
  updated_by: string;
  updated_at: Generated<Date>;
}

export interface FavouriteGameTable {
  member_id: string;
  node_id: number;
  created_at: Generated<Date>;
}

export interface RecentGameTable {
  member_id: string;
  node_id: number;
  launched_at: Generated<Date>;
  launch_count: Generated<number>;
}

export interface AnnouncementTable {
  id: Generated<string>;
  merchant_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR';
  group_name: string | null;
  execution: 'A' | 'B' | 'F' | null;
  title: Json<Record<string, string>>;
  content: ColumnType<Record<string, string>, string | undefined, string>;
  image_url: string | null;
  linkage_type: Generated<number>;
  link_url: string | null;
  promotion_type: string | null;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  seed_key: string | null;
  deleted_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The house vendor's own records (migration 202611221600, docs/house-vendor.md). */
export interface HouseSessionTable {
  id: Generated<string>;
  token_hash: string;
  mode: 'real' | 'trial';
  merchant_id: number;
  member_id: string | null;
  /** Scope of the fairness seeds: the member id, or `trial:<random>` for a visitor's trial. */
  player_key: string;
  /** The platform's player id, learnt from the `authenticate` callback. */
  player_id: string | null;
  game_code: string;
  engine: string;
  currency: string;
  language: string;
  trial_balance: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface HouseSeedTable {
  id: Generated<string>;
  merchant_id: number;
  player_key: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<string, number | string | undefined, number | string>;
  active: Generated<boolean>;
  lease_until: Date | null;
  created_at: Generated<Date>;
  rotated_at: Date | null;
}

export type HouseRoundStatus = 'betting' | 'open' | 'closed' | 'void' | 'refused';

export interface HouseRoundTable {
  id: Generated<string>;
  round_id: string;
  session_id: string;
  merchant_id: number;
  player_key: string;
  mode: 'real' | 'trial';
  game_code: string;
  engine: string;
  seed_id: string;
  nonce: ColumnType<string, number | string, number | string>;
  client_seed: string;
  params: Json<unknown>;
  state: ColumnType<unknown, string | null, string | null>;
  outcome: ColumnType<unknown, string | null, string | null>;
  stake: ColumnType<string, string | bigint | undefined, string | bigint>;
  payout: ColumnType<string, string | bigint | undefined, string | bigint>;
  bets: Generated<number>;
  status: HouseRoundStatus;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface HouseCallbackTable {
  id: Generated<string>;
  merchant_id: number;
  round_id: string;
  op: 'bet' | 'win' | 'rollback';
  request_id: string;
  transaction_id: string;
  body: string;
  status: ColumnType<'pending' | 'done' | 'refused', 'pending' | 'done' | 'refused' | undefined>;
  reply: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The brand's announcements to its agents (migration 202611221500). */
export interface AgentAnnouncementTable {
  id: Generated<string>;
  merchant_id: number;
  title: string;
  content: string;
  /** Null: every language. */
  language: string | null;
  pinned: Generated<boolean>;
  enabled: Generated<boolean>;
  published_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** In-site messages (migration 202611250100, docs/inbox.md). */
export interface InboxMessageTable {
  id: Generated<string>;
  merchant_id: number;
  kind: 'system' | 'operator' | 'agent';
  /** `members`: one inbox_recipient row per member at delivery; `brand`: every member, no rows. */
  audience: 'members' | 'brand';
  target: 'member' | 'team' | 'direct' | 'brand';
  /** The member (`member`) or the agent whose team it is (`team`, `direct`). */
  target_member_id: string | null;
  /** Agent messages: the sending agent. */
  sender_member_id: string | null;
  created_by: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  notice_code: string | null;
  notice_params: Json<Record<string, string>> | null;
  status: 'scheduled' | 'sent' | 'cancelled';
  send_at: Timestamp;
  sent_at: Timestamp | null;
  recipient_count: number | null;
  created_at: Generated<Date>;
}

/** A member's read and delete state of one message. */
export interface InboxRecipientTable {
  member_id: string;
  message_id: string;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/** Customer-service live chat (migration 202611250200, docs/support.md). */
export interface SupportConversationTable {
  id: Generated<string>;
  merchant_id: number;
  /** Members' conversations; null for a visitor's. */
  member_id: string | null;
  /** Visitors' conversations: SHA-256 of the conversation token. */
  visitor_token_hash: string | null;
  name: string;
  contact: string | null;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  assigned_operator_id: string | null;
  assigned_name: string | null;
  unread_for_operators: Generated<number>;
  last_message_at: Generated<Date>;
  last_message_preview: Generated<string>;
  created_ip: string | null;
  created_at: Generated<Date>;
  closed_at: Timestamp | null;
  closed_by: string | null;
}

export interface SupportAttachmentTable {
  id: Generated<string>;
  conversation_id: string;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size: number;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}

export interface SupportMessageTable {
  id: Generated<string>;
  conversation_id: string;
  author: 'visitor' | 'member' | 'operator';
  operator_id: string | null;
  author_name: string;
  body: string | null;
  attachment_id: string | null;
  client_id: string | null;
  created_at: Generated<Date>;
}

export interface SupportCannedReplyTable {
  id: Generated<string>;
  merchant_id: number;
  title: string;
  body: string;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Agent contracts (migration 202611250300, docs/contracts.md): one row per version. */
export interface AgentContractTable {
  id: Generated<string>;
  merchant_id: number;
  kind: string;
  member_id: string;
  payer_id: string | null;
  version: number;
  status: string;
  period: string | null;
  terms: Json<unknown>;
  top_rate: ColumnType<string, string | undefined, string>;
  offered_by: string;
  offered_at: Generated<Date>;
  accepted_at: Timestamp | null;
  ended_at: Timestamp | null;
}

export interface AgentContractEventTable {
  id: Generated<string>;
  merchant_id: number;
  kind: string;
  member_id: string;
  contract_id: string | null;
  action: string;
  actor: string;
  from_version: number | null;
  to_version: number | null;
  at: Generated<Date>;
}

export interface ContractBillTable {
  id: Generated<string>;
  merchant_id: number;
  kind: string;
  contract_id: string;
  member_id: string;
  payer_id: string | null;
  depth: number;
  period_start: Timestamp;
  period_end: Timestamp;
  valid_bet: ColumnType<string, string | undefined, string>;
  profit_loss: ColumnType<string, string | undefined, string>;
  active_members: Generated<number>;
  tier: Generated<number>;
  amount: ColumnType<string, string, string>;
  paid: ColumnType<string, string | undefined, string>;
  carry_in: ColumnType<string, string | undefined, string>;
  carry_out: ColumnType<string, string | undefined, string>;
  status: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ContractPeriodDoneTable {
  merchant_id: number;
  kind: string;
  period_start: Timestamp;
  period_code: Generated<string>;
  done_at: Generated<Date>;
}

export interface ContractRtRoundTable {
  bet_id: string;
  merchant_id: number;
  member_id: string;
  stake: string;
  payout: string;
  window_start: Timestamp;
  reversed_in: Timestamp | null;
}

export interface LotteryIssueTable {
  game_code: string;
  issue: string;
  opens_at: Timestamp;
  draw_at: Timestamp;
  server_seed: string;
  commitment: string;
  status: Generated<'open' | 'drawn' | 'cancelled'>;
  numbers: ColumnType<string[] | null, string | null | undefined, string | null>;
  prizes: ColumnType<{ tier: string; numbers: string[] }[] | null, string | null | undefined, string | null>;
  drawn_at: Date | null;
  source: Generated<'fair' | 'official'>;
  entered_by: string | null;
}

export type SportBetStatus = 'placing' | 'open' | 'won' | 'lost' | 'void' | 'refunded' | 'refused';

export interface SportEventTable {
  id: Generated<string>;
  external_id: string;
  category: 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
  sport: string;
  league: string;
  home: string;
  away: string;
  starts_at: Timestamp;
  status: ColumnType<
    'scheduled' | 'live' | 'finished' | 'cancelled',
    'scheduled' | 'live' | 'finished' | 'cancelled' | undefined,
    'scheduled' | 'live' | 'finished' | 'cancelled'
  >;
  result: ColumnType<unknown | null, string | null | undefined, string | null>;
  result_version: Generated<number>;
  settled_version: Generated<number>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  source: 'simulator' | 'feed';
  created_at: Generated<Date>;
}

export interface SportMarketTable {
  id: Generated<string>;
  event_id: string;
  kind: string;
  line: number | null;
  map: number | null;
  status: ColumnType<
    'open' | 'suspended' | 'closed' | 'settled' | 'voided',
    'open' | 'suspended' | 'closed' | 'settled' | 'voided' | undefined,
    'open' | 'suspended' | 'closed' | 'settled' | 'voided'
  >;
  version: Generated<number>;
  prices: ColumnType<{ key: string; odds: number }[], string, string>;
}

export interface PvpSeatTable {
  id: Generated<string>;
  merchant_id: number;
  table_code: string;
  seat_no: number;
  member_id: string;
  stack: ColumnType<string, bigint | string, bigint | string>;
  status: ColumnType<
    'seated' | 'leaving' | 'left',
    'seated' | 'leaving' | 'left' | undefined,
    'seated' | 'leaving' | 'left'
  >;
  buy_in_transaction_id: ColumnType<string, bigint | string, bigint | string>;
  joined_at: Timestamp;
  left_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface PvpHandResultSeat {
  seat: number;
  memberId: string;
  player: string;
  cards: string[];
  hand: string;
  bull: number;
  multiplier: number;
  value: number;
  bet: number;
  net: string;
  rake: string;
}
export interface PvpHandTable {
  id: Generated<string>;
  merchant_id: number;
  table_code: string;
  hand_no: number;
  banker_seat: number;
  server_seed: string;
  seed_hash: string;
  status: ColumnType<
    'betting' | 'dealing' | 'settled' | 'voided',
    'betting' | 'dealing' | 'settled' | 'voided' | undefined,
    'betting' | 'dealing' | 'settled' | 'voided'
  >;
  opens_at: ColumnType<Date, Date | string, Date | string>;
  closes_at: ColumnType<Date, Date | string, Date | string>;
  result_at: ColumnType<Date, Date | string, Date | string>;
  result: ColumnType<
    {
      seats: PvpHandResultSeat[];
      bankerSeat: number;
      holdem?: HoldemState;
      threecard?: ThreeCardState;
    } | null,
    string | null | undefined,
    string | null
  >;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface PvpBetTable {
  hand_id: string;
  seat_no: number;
  member_id: string;
  multiple: number;
}

export interface ChatHostTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  nickname: string;
  bio: Generated<string>;
  status: ColumnType<'online' | 'offline', 'online' | 'offline' | undefined, 'online' | 'offline'>;
  commission_bp: number;
  active: Generated<boolean>;
  created_at: Timestamp;
}
export interface ChatMessageTable {
  id: Generated<string>;
  host_id: string;
  member_id: string;
  sender: string;
  kind: ColumnType<'text' | 'tip', 'text' | 'tip' | undefined, 'text' | 'tip'>;
  body: string;
  amount: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  removed_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}
export interface ChatMuteTable {
  host_id: string;
  member_id: string;
  until: ColumnType<Date, Date | string, Date | string>;
}
export interface ChatReadTable {
  host_id: string;
  member_id: string;
  last_message_id: ColumnType<string, bigint | string, bigint | string>;
}
export interface ChatTipTable {
  id: Generated<string>;
  merchant_id: number;
  host_id: string;
  member_id: string;
  request_id: string;
  amount: ColumnType<string, bigint | string, bigint | string>;
  commission: ColumnType<string, bigint | string, bigint | string>;
  ledger_transaction_id: ColumnType<string, bigint | string, bigint | string>;
  message_id: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  created_at: Timestamp;
}

export type LiveRoundStatus = 'betting' | 'dealing' | 'settled' | 'voided';
export interface LiveRoundTable {
  id: Generated<string>;
  table_code: string;
  round_no: number;
  server_seed: string;
  seed_hash: string;
  status: ColumnType<LiveRoundStatus, LiveRoundStatus | undefined, LiveRoundStatus>;
  opens_at: ColumnType<Date, Date | string, Date | string>;
  closes_at: ColumnType<Date, Date | string, Date | string>;
  result_at: ColumnType<Date, Date | string, Date | string>;
  result: ColumnType<LiveResult | null, string | null | undefined, string | null>;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type LiveBetStatus = 'placing' | 'open' | 'won' | 'lost' | 'refunded' | 'refused';
export interface LiveBetTable {
  id: Generated<string>;
  round_id: string;
  merchant_id: number;
  member_id: string;
  table_code: string;
  spot: string;
  stake: ColumnType<string, bigint | string, bigint | string>;
  payout: ColumnType<string, bigint | string | undefined, bigint | string>;
  status: ColumnType<LiveBetStatus, LiveBetStatus | undefined, LiveBetStatus>;
  paid: Generated<boolean>;
  placed_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SportBetTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  game_code: 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';
  stake: ColumnType<string, bigint | string, bigint | string>;
  potential_return: ColumnType<string, bigint | string, bigint | string>;
  payout: ColumnType<string, bigint | string | undefined, bigint | string>;
  status: ColumnType<SportBetStatus, SportBetStatus | undefined, SportBetStatus>;
  paid: Generated<boolean>;
  resettled: ColumnType<string, bigint | string | undefined, bigint | string>;
  placed_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SportBetLegTable {
  bet_id: string;
  idx: number;
  event_id: string;
  market_id: string;
  category: string;
  event_label: string;
  kind: string;
  line: number | null;
  map: number | null;
  key: string;
  odds: number;
  result: string | null;
}

export interface LotteryGameSettingTable {
  game_code: string;
  official: boolean;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface LotteryOrderTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  game_code: string;
  play_id: string;
  content: string;
  win_stop: boolean;
  issues: number;
  created_at: Timestamp;
  stopped_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type LotteryBetStatus = 'placing' | 'open' | 'won' | 'lost' | 'refunded' | 'refused';

export interface LotteryBetTable {
  id: Generated<string>;
  order_id: string;
  merchant_id: number;
  member_id: string;
  game_code: string;
  issue: string;
  play_id: string;
  content: string;
  units: number;
  multiple: number;
  unit_stake: ColumnType<string, bigint | string, bigint | string>;
  stake: ColumnType<string, bigint | string, bigint | string>;
  prize_group: number;
  payout: ColumnType<string, bigint | string | undefined, bigint | string>;
  status: ColumnType<LotteryBetStatus, LotteryBetStatus | undefined, LotteryBetStatus>;
  paid: Generated<boolean>;
  rebated: Generated<boolean>;
  placed_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface LotteryPrizeGroupTable {
  member_id: string;
  merchant_id: number;
  prize_group: number;
  set_by: string | null;
  updated_at: Timestamp;
}

/** What has been paid of a member's rebate: its days with a payment, in order, and the amounts. */
export interface RebateStateTable {
  member_id: string;
  merchant_id: number;
  days: string[];
  paid: string[];
  valid_paid: string[];
  updated_at: Generated<Date>;
}

export interface RebatePaymentTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  kind: 'daily' | 'manual';
  from_day: ColumnType<string, string, never>;
  to_day: ColumnType<string, string, never>;
  valid_bet: ColumnType<string, bigint | string, never>;
  amount: ColumnType<string, bigint | string, never>;
  ledger_transaction_id: string;
  created_at: Generated<Date>;
}

export interface RebateRunTable {
  merchant_id: number;
  day: ColumnType<string, string, never>;
  payments: number;
  amount: ColumnType<string, bigint | string, bigint | string>;
  settled_at: Generated<Date>;
}

export interface MemberVipTable {
  member_id: string;
  merchant_id: number;
  level: number;
  reached_at: Generated<Date>;
  reviewed_month: ColumnType<string, string, string>;
}

export interface VipBonusTable {
  member_id: string;
  level: number;
  merchant_id: number;
  amount: ColumnType<string, bigint | string, never>;
  ledger_transaction_id: string | null;
  paid_at: Generated<Date>;
}

export interface PointRedemptionTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  request_id: string;
  reward_id: string;
  reward_name: string;
  kind: 'cash' | 'goods' | 'convert';
  quantity: number;
  points: ColumnType<string, bigint | string, never>;
  amount: ColumnType<string | null, bigint | string | null, never>;
  address: string | null;
  status: 'process' | 'rejected' | 'approved';
  note: string | null;
  points_transaction_id: string;
  cash_transaction_id: string | null;
  refund_transaction_id: string | null;
  created_at: Generated<Date>;
  reviewed_at: Date | null;
  reviewed_by: string | null;
}

export interface PointRewardStockTable {
  merchant_id: number;
  reward_id: string;
  taken: Generated<number>;
}

export interface BonusGrantTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  promotion_id: string;
  period: string;
  amount: ColumnType<string, bigint | string, never>;
  required: ColumnType<string, bigint | string, never>;
  status: ColumnType<
    'open' | 'met' | 'forfeited',
    'open' | 'met' | 'forfeited' | undefined,
    'open' | 'met' | 'forfeited'
  >;
  ledger_transaction_id: string;
  granted_at: Generated<Date>;
  closed_at: Date | null;
}

export interface RedEnvelopeTable {
  id: Generated<string>;
  merchant_id: number;
  /** Null for the brand's rain. */
  sender_id: string | null;
  request_id: string;
  target: 'direct' | 'team' | 'brand';
  split: 'equal' | 'lucky';
  message: string;
  total: ColumnType<string, bigint | string, never>;
  share_count: number;
  status: ColumnType<
    'open' | 'empty' | 'expired',
    'open' | 'empty' | 'expired' | undefined,
    'open' | 'empty' | 'expired'
  >;
  send_transaction_id: string;
  refund_transaction_id: string | null;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface RedEnvelopeShareTable {
  envelope_id: string;
  idx: number;
  amount: ColumnType<string, bigint | string, never>;
  member_id: string | null;
  grabbed_at: Date | null;
  ledger_transaction_id: string | null;
}

export interface ReferralCodeTable {
  member_id: string;
  merchant_id: number;
  code: string;
  created_at: Generated<Date>;
}

export type ReferralStatus = 'pending' | 'paid' | 'flagged' | 'rejected' | 'expired';
export interface ReferralTable {
  referee_id: string;
  referrer_id: string;
  merchant_id: number;
  code: string;
  status: ColumnType<ReferralStatus, ReferralStatus | undefined, ReferralStatus>;
  flag_reason: string | null;
  register_ip: string | null;
  device_id: string | null;
  reward: ColumnType<string, bigint | string | undefined, bigint | string>;
  ledger_transaction_id: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export interface MissionClaimTable {
  member_id: string;
  merchant_id: number;
  mission_id: string;
  period_start: ColumnType<Date | string, string, string>;
  reward: ColumnType<string, bigint | string, never>;
  points: number;
  ledger_transaction_id: string | null;
  claimed_at: Generated<Date>;
}

export interface ApplicationImage {
  file: string;
  mime: 'image/png' | 'image/jpeg';
  bytes: number;
  width: number;
  height: number;
}
export type ApplicationStatus = 'applying' | 'rejected' | 'issued';
export interface PromotionApplicationTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  promotion_id: string;
  comment: string;
  images: ColumnType<ApplicationImage[], string, string>;
  status: ColumnType<ApplicationStatus, ApplicationStatus | undefined, ApplicationStatus>;
  amount: ColumnType<string, bigint | string | undefined, bigint | string>;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

export interface RgLimitTable {
  member_id: string;
  kind: ColumnType<'deposit' | 'loss' | 'wager', 'deposit' | 'loss' | 'wager' | undefined, never>;
  period: 'day' | 'week' | 'month';
  amount: string | null;
  pending_amount: string | null;
  pending_from: Date | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface RgExclusionTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  kind: 'cooloff' | 'self_exclusion';
  starts_at: ColumnType<Date, Date | string, never>;
  ends_at: ColumnType<Date | null, Date | string | null, never>;
  created_at: Generated<Date>;
}
/** Operators' notes on a member (migration 202611300100, docs/back-office.md "Players"). */
export interface MemberNoteTable {
  id: Generated<string>;
  merchant_id: number;
  member_id: string;
  author: string;
  text: string;
  created_at: Generated<Date>;
}
export interface RgSettingTable {
  member_id: string;
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  session_limit_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  session_limit_pending: ColumnType<number | null, number | null | undefined, number | null>;
  session_limit_pending_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface RgEventTable {
  id: Generated<string>;
  member_id: string;
  action: 'limit_set' | 'limit_pending' | 'limit_applied' | 'excluded';
  detail: ColumnType<Record<string, unknown>, string, never>;
  created_at: Generated<Date>;
}

export interface Database {
  rg_limit: RgLimitTable;
  rg_exclusion: RgExclusionTable;
  rg_event: RgEventTable;
  rg_setting: RgSettingTable;
  member_note: MemberNoteTable;
  promotion_application: PromotionApplicationTable;
  mission_claim: MissionClaimTable;
  referral_code: ReferralCodeTable;
  referral: ReferralTable;
  red_envelope: RedEnvelopeTable;
  red_envelope_share: RedEnvelopeShareTable;
  bonus_grant: BonusGrantTable;
  point_reward_stock: PointRewardStockTable;
  point_redemption: PointRedemptionTable;
  member_vip: MemberVipTable;
  vip_bonus: VipBonusTable;
  rebate_state: RebateStateTable;
  rebate_payment: RebatePaymentTable;
  rebate_run: RebateRunTable;
  lottery_prize_group: LotteryPrizeGroupTable;
  lottery_order: LotteryOrderTable;
  lottery_bet: LotteryBetTable;
  merchant: MerchantTable;
  member: MemberTable;
  member_tree: MemberTreeTable;
  agent_contract: AgentContractTable;
  agent_contract_event: AgentContractEventTable;
  contract_bill: ContractBillTable;
  contract_period_done: ContractPeriodDoneTable;
  lottery_issue: LotteryIssueTable;
  lottery_game_setting: LotteryGameSettingTable;
  sport_event: SportEventTable;
  sport_market: SportMarketTable;
  sport_bet: SportBetTable;
  live_round: LiveRoundTable;
  live_bet: LiveBetTable;
  chat_host: ChatHostTable;
  chat_message: ChatMessageTable;
  chat_mute: ChatMuteTable;
  chat_read: ChatReadTable;
  chat_tip: ChatTipTable;
  pvp_seat: PvpSeatTable;
  pvp_hand: PvpHandTable;
  pvp_bet: PvpBetTable;
  sport_bet_leg: SportBetLegTable;
  contract_rt_round: ContractRtRoundTable;
  help_topic: HelpTopicTable;
  feedback: FeedbackTable;
  session: SessionTable;
  member_known_ip: MemberKnownIpTable;
  login_challenge: LoginChallengeTable;
  rsa_key: RsaKeyTable;
  captcha: CaptchaTable;
  verification_code: VerificationCodeTable;
  outbox_message: OutboxMessageTable;
  throttle: ThrottleTable;
  affiliate_code: AffiliateCodeTable;
  ledger_account: LedgerAccountTable;
  ledger_transaction: LedgerTransactionTable;
  ledger_entry: LedgerEntryTable;
  member_money_daily: MemberMoneyDailyTable;
  job_lease: JobLeaseTable;
  deposit_request: DepositRequestTable;
  withdraw_request: WithdrawRequestTable;
  operator_audit: OperatorAuditTable;
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  game_vendor: GameVendorTable;
  game: GameTable;
  favourite_game: FavouriteGameTable;
  recent_game: RecentGameTable;
  announcement: AnnouncementTable;
  vendor_secret: VendorSecretTable;
  vendor_credential: VendorCredentialTable;
  vendor_session: VendorSessionTable;
  vendor_request: VendorRequestTable;
  vendor_tx: VendorTxTable;
  bet: BetTable;
  member_stat_hourly: MemberStatHourlyTable;
  member_stat_daily: MemberStatDailyTable;
  agent_announcement: AgentAnnouncementTable;
  house_session: HouseSessionTable;
  house_seed: HouseSeedTable;
  house_round: HouseRoundTable;
  house_callback: HouseCallbackTable;
  support_conversation: SupportConversationTable;
  support_attachment: SupportAttachmentTable;
  support_message: SupportMessageTable;
  support_canned_reply: SupportCannedReplyTable;
  inbox_message: InboxMessageTable;
  inbox_recipient: InboxRecipientTable;
}

export type Merchant = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
export type MerchantUpdate = Updateable<MerchantTable>;
export type Member = Selectable<MemberTable>;
