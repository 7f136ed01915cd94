import type { Migration } from 'kysely';
import * as m202611220700 from './202611220700_create_merchant.js';
import * as m202611220710 from './202611220710_create_member.js';
import * as m202611220720 from './202611220720_create_help_and_feedback.js';
import * as m202611220800 from './202611220800_create_session_and_verification.js';
import * as m202611220900 from './202611220900_create_ledger.js';
import * as m202611221000 from './202611221000_create_payments.js';
import * as m202611221100 from './202611221100_create_operator.js';
import * as m202611221200 from './202611221200_create_ledger_post_function.js';
import * as m202611221230 from './202611221230_ledger_money_rollup_and_batch.js';
import * as m202611221240 from './202611221240_create_job_lease.js';
import * as m202611221300 from './202611221300_create_catalogue_and_announcements.js';
import * as m202611221400 from './202611221400_create_vendor_wallet_and_bets.js';
import * as m202611221410 from './202611221410_tune_bet_indexes.js';
import * as m202611221500 from './202611221500_create_agent_centre.js';
import * as m202611221510 from './202611221510_create_team_rollup.js';
import * as m202611221600 from './202611221600_create_house_vendor.js';
import * as m202611250100 from './202611250100_create_inbox.js';
import * as m202611250200 from './202611250200_create_support.js';
import * as m202611250300 from './202611250300_create_contracts.js';
import * as m202611250400 from './202611250400_create_lottery_issue.js';
import * as m202611250500 from './202611250500_create_lottery_bet.js';
import * as m202611250600 from './202611250600_lottery_official.js';
import * as m202611250700 from './202611250700_create_sportsbook.js';
import * as m202611260100 from './202611260100_create_rebate.js';
import * as m202611260110 from './202611260110_ledger_credit_many.js';
import * as m202611260200 from './202611260200_create_vip.js';
import * as m202611260300 from './202611260300_create_points.js';
import * as m202611260400 from './202611260400_create_bonus.js';
import * as m202611260500 from './202611260500_create_red_envelope.js';
import * as m202611270100 from './202611270100_create_referral.js';
import * as m202611270200 from './202611270200_create_mission_claim.js';
import * as m202611270300 from './202611270300_create_promotion_application.js';
import * as m202611270400 from './202611270400_red_envelope_rain.js';
import * as m202611280100 from './202611280100_create_live_tables.js';
import * as m202611280200 from './202611280200_create_chat_rooms.js';
import * as m202611280300 from './202611280300_create_pvp_rooms.js';
import * as m202611290100 from './202611290100_create_responsible_gaming.js';
import * as m202611290200 from './202611290200_rg_reality_check.js';
import * as m202611300050 from './202611300050_operator_roles.js';
import * as m202611300060 from './202611300060_rg_play_limits.js';
import * as m202611300070 from './202611300070_rg_session_limit.js';
import * as m202611300100 from './202611300100_create_member_note.js';
import * as m202611300200 from './202611300200_create_brand_report_rollup.js';
import * as m202611300400 from './202611300400_content_and_catalogue_desks.js';
import * as m202611300500 from './202611300500_create_risk_flags.js';
import * as m202612010000 from './202612010000_rg_transfer_guard.js';
import * as m202612020000 from './202612020000_faster_settlement.js';
import * as m202612030000 from './202612030000_create_raffles.js';
import * as m202612050000 from './202612050000_faster_credit_many.js';
import * as m202612060000 from './202612060000_settle_columns.js';
import * as m202612070000 from './202612070000_rebate_state.js';
import * as m202612080000 from './202612080000_ledger_statement_balance.js';
import * as m202612090000 from './202612090000_ledger_statement_references.js';
import * as m202612090100 from './202612090100_credit_many_one_pass.js';
import * as m202612090200 from './202612090200_settle_lookups.js';

/**
 * Every migration, in order. Listed statically so the bundled server carries them; the name is
 * the file name. Forward-only: never edit one that has shipped — add a new one.
 */
export const migrations: Record<string, Migration> = {
  '202611220700_create_merchant': m202611220700,
  '202611220710_create_member': m202611220710,
  '202611220720_create_help_and_feedback': m202611220720,
  '202611220800_create_session_and_verification': m202611220800,
  '202611220900_create_ledger': m202611220900,
  '202611221000_create_payments': m202611221000,
  '202611221100_create_operator': m202611221100,
  '202611221200_create_ledger_post_function': m202611221200,
  '202611221230_ledger_money_rollup_and_batch': m202611221230,
  '202611221240_create_job_lease': m202611221240,
  '202611221300_create_catalogue_and_announcements': m202611221300,
  '202611221400_create_vendor_wallet_and_bets': m202611221400,
  '202611221410_tune_bet_indexes': m202611221410,
  '202611221500_create_agent_centre': m202611221500,
  '202611221510_create_team_rollup': m202611221510,
  '202611221600_create_house_vendor': m202611221600,
  '202611250100_create_inbox': m202611250100,
  '202611250200_create_support': m202611250200,
  '202611250300_create_contracts': m202611250300,
  '202611250400_create_lottery_issue': m202611250400,
  '202611250500_create_lottery_bet': m202611250500,
  '202611250600_lottery_official': m202611250600,
  '202611250700_create_sportsbook': m202611250700,
  '202611260100_create_rebate': m202611260100,
  '202611260110_ledger_credit_many': m202611260110,
  '202611260200_create_vip': m202611260200,
  '202611260300_create_points': m202611260300,
  '202611260400_create_bonus': m202611260400,
  '202611260500_create_red_envelope': m202611260500,
  '202611270100_create_referral': m202611270100,
  '202611270200_create_mission_claim': m202611270200,
  '202611270300_create_promotion_application': m202611270300,
  '202611270400_red_envelope_rain': m202611270400,
  '202611280100_create_live_tables': m202611280100,
  '202611280200_create_chat_rooms': m202611280200,
  '202611280300_create_pvp_rooms': m202611280300,
  '202611290100_create_responsible_gaming': m202611290100,
  '202611290200_rg_reality_check': m202611290200,
  '202611300050_operator_roles': m202611300050,
  '202611300060_rg_play_limits': m202611300060,
  '202611300070_rg_session_limit': m202611300070,
  '202611300100_create_member_note': m202611300100,
  '202611300200_create_brand_report_rollup': m202611300200,
  '202611300400_content_and_catalogue_desks': m202611300400,
  '202611300500_create_risk_flags': m202611300500,
  '202612010000_rg_transfer_guard': m202612010000,
  '202612020000_faster_settlement': m202612020000,
  '202612030000_create_raffles': m202612030000,
  '202612050000_faster_credit_many': m202612050000,
  '202612060000_settle_columns': m202612060000,
  '202612070000_rebate_state': m202612070000,
  '202612080000_ledger_statement_balance': m202612080000,
  '202612090000_ledger_statement_references': m202612090000,
  '202612090100_credit_many_one_pass': m202612090100,
  '202612090200_settle_lookups': m202612090200,
};
