import { type Kysely, sql } from 'kysely';

/**
 * The brand's red-envelope rain (docs/rewards.md): an envelope the brand sends to every member at
 * a scheduled time — no sending member (`sender_id` null, target `brand`), paid from the
 * promotions expense into escrow, one per brand and slot (`request_id` `rain:<day>:<HH:MM>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table red_envelope alter column sender_id drop not null`.execute(db);
  await sql`alter table red_envelope drop constraint red_envelope_target_check`.execute(db);
  await sql`alter table red_envelope add constraint red_envelope_target_check
            check (target in ('direct', 'team', 'brand'))`.execute(db);
  await sql`alter table red_envelope add constraint red_envelope_brand_sender_check
            check ((target = 'brand') = (sender_id is null))`.execute(db);
  await sql`create unique index red_envelope_brand_request_uq on red_envelope (merchant_id, request_id)
            where sender_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index red_envelope_brand_request_uq`.execute(db);
  await sql`alter table red_envelope drop constraint red_envelope_brand_sender_check`.execute(db);
  await sql`alter table red_envelope drop constraint red_envelope_target_check`.execute(db);
  await sql`alter table red_envelope add constraint red_envelope_target_check
            check (target in ('direct', 'team'))`.execute(db);
  await sql`alter table red_envelope alter column sender_id set not null`.execute(db);
}
