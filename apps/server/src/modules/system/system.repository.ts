import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createSystemRepository(db: Kysely<Database>) {
  return {
    helpTopics(merchantId: number, language: string) {
      return db
        .selectFrom('help_topic')
        .select(['term', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('language', '=', language)
        .orderBy('sort')
        .execute();
    },

    async insertFeedback(row: {
      merchantId: number;
      memberId: string | null;
      questionType: string;
      content: string;
      contact: string | null;
      ip: string | null;
    }): Promise<string> {
      const { id } = await db
        .insertInto('feedback')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          question_type: row.questionType,
          content: row.content,
          contact: row.contact,
          ip: row.ip,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
