import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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

export type OperatorRole = 'admin' | 'finance' | 'support';
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

export interface Database {
  merchant: MerchantTable;
  member: MemberTable;
  member_tree: MemberTreeTable;
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
  deposit_request: DepositRequestTable;
  withdraw_request: WithdrawRequestTable;
  operator_audit: OperatorAuditTable;
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
}

export type Merchant = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
export type MerchantUpdate = Updateable<MerchantTable>;
export type Member = Selectable<MemberTable>;
