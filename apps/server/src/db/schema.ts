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

export interface Database {
  merchant: MerchantTable;
  member: MemberTable;
  member_tree: MemberTreeTable;
  help_topic: HelpTopicTable;
  feedback: FeedbackTable;
}

export type Merchant = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
export type MerchantUpdate = Updateable<MerchantTable>;
export type Member = Selectable<MemberTable>;
