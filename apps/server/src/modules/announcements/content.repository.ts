import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The help centre's topics (`help_topic`), as the content desk edits them. */
export function createContentRepository(db: Db) {
  return {
    helpTopics(merchantId: number, language: string | undefined) {
      let q = db
        .selectFrom('help_topic')
        .select(['id', 'language', 'term', 'title', 'content', 'sort'])
        .where('merchant_id', '=', merchantId);
      if (language) q = q.where('language', '=', language);
      return q.orderBy('language').orderBy('sort').orderBy('id').execute();
    },

    /** Creates or replaces the topic of a term in a language. */
    saveHelpTopic(
      tx: Db,
      merchantId: number,
      topic: { language: string; term: string; title: string; content: string; sort: number },
    ) {
      return tx
        .insertInto('help_topic')
        .values({
          merchant_id: merchantId,
          language: topic.language,
          term: topic.term,
          title: topic.title,
          content: topic.content,
          sort: topic.sort,
        })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'language', 'term'])
            .doUpdateSet({ title: topic.title, content: topic.content, sort: topic.sort }),
        )
        .returning(['id', 'language', 'term', 'title', 'content', 'sort'])
        .executeTakeFirstOrThrow();
    },

    deleteHelpTopic(tx: Db, merchantId: number, topicId: string) {
      return tx
        .deleteFrom('help_topic')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', topicId)
        .returning(['language', 'term'])
        .executeTakeFirst();
    },
  };
}
