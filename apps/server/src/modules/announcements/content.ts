import { randomUUID } from 'node:crypto';
import { contentRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { UploadStore } from '../../lib/upload-store.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import { pick } from '../catalogue/index.js';
import { sanitizeMessageHtml } from '../inbox/index.js';
import { writeAudit } from '../operator/index.js';
import { contentImageType, mimeOfExtension, parseContentImage } from './content.images.js';
import { createContentRepository } from './content.repository.js';

/** Where uploaded content images are served from (the upload store's `content/` folder). */
export const CONTENT_UPLOAD_PREFIX = '/uploads/content/';
const uploadFile = /^(\d{1,9})\/([a-z]+-[0-9a-f-]{36})\.(png|jpg|webp)$/;
/** A served file never changes under its name (names are made once, by the server). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The content desk's own routes (docs/back-office.md "Content"): image uploads and their serving,
 * the player's-eye preview of an announcement, and help-centre topics. Help topics are read by the
 * site straight from the database, so an edit shows at the next read; uploads are new files under
 * new names, so no cache holds an old one.
 */
export function createContentModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  uploads: UploadStore;
}) {
  const { db, uploads } = deps;
  const repository = createContentRepository(db);
  const brandId = async (code: string) => (await opsBrandOf(deps.brands, code)).id;

  return {
    register(app: FastifyInstance, hooks: RouteHooks) {
      // Served with the type found in the bytes at upload (and checked again now), never sniffed
      // by the browser, and unable to run anything even when opened on its own.
      app.get<{ Params: { merchant: string; file: string } }>(
        '/uploads/content/:merchant/:file',
        async (request, reply) => {
          const key = `${request.params.merchant}/${request.params.file}`;
          const match = uploadFile.exec(key);
          if (!match) throw new AppError('not.found');
          let bytes: Buffer;
          try {
            bytes = await uploads.get(`content/${key}`);
          } catch {
            throw new AppError('not.found');
          }
          const mime = contentImageType(bytes);
          if (!mime || mime !== mimeOfExtension.get(match[3]!)) throw new AppError('not.found');
          return reply
            .type(mime)
            .header('cache-control', IMMUTABLE)
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('content-disposition', 'inline')
            .send(bytes);
        },
      );

      registerRoute(
        app,
        hooks,
        contentRoutes.opsContentUpload,
        async ({ params, body, operator }) => {
          const merchantId = await brandId(params.merchantCode);
          const image = parseContentImage(body.image);
          const name = `${body.purpose}-${randomUUID()}.${image.ext}`;
          await uploads.put(`content/${merchantId}/${name}`, image.bytes);
          const url = `${CONTENT_UPLOAD_PREFIX}${merchantId}/${name}`;
          await writeAudit(db, {
            merchantId,
            actor: operator!.actor,
            action: 'content.upload',
            target: url,
            payload: { purpose: body.purpose, mime: image.mime, bytes: image.bytes.length },
          });
          return { url, mime: image.mime, bytes: image.bytes.length };
        },
        { bodyLimit: 3 * 1024 * 1024 + 4096 },
      );

      registerRoute(app, hooks, contentRoutes.opsContentPreview, async ({ params, body }) => {
        await brandId(params.merchantCode);
        const content = body.content ?? {};
        const languages = [...new Set(['EN', ...Object.keys(body.title), ...Object.keys(content)])];
        return {
          languages: languages.map((language) => ({
            language,
            title: pick(body.title, language),
            html: sanitizeMessageHtml(pick(content, language)),
          })),
        };
      });

      registerRoute(app, hooks, contentRoutes.opsHelpTopicList, async ({ params, query }) => {
        const merchantId = await brandId(params.merchantCode);
        const rows = await repository.helpTopics(merchantId, query.language);
        return { list: rows.map((r) => ({ ...r, id: String(r.id) })) };
      });

      registerRoute(app, hooks, contentRoutes.opsHelpTopicSave, async ({ params, body, operator }) => {
        const merchantId = await brandId(params.merchantCode);
        const content = sanitizeMessageHtml(body.content);
        if (content === '')
          throw new AppError('request_param_err', { fields: { content: 'nothing is left once sanitised' } });
        const row = await db.transaction().execute(async (tx) => {
          const saved = await repository.saveHelpTopic(tx, merchantId, {
            language: body.language,
            term: body.term,
            title: body.title,
            content,
            sort: body.sort,
          });
          await writeAudit(tx, {
            merchantId,
            actor: operator!.actor,
            action: 'content.help.save',
            target: String(saved.id),
            payload: { language: body.language, term: body.term, title: body.title, reason: body.reason },
          });
          return saved;
        });
        return { ...row, id: String(row.id) };
      });

      registerRoute(app, hooks, contentRoutes.opsHelpTopicDelete, async ({ params, query, operator }) => {
        const merchantId = await brandId(params.merchantCode);
        await db.transaction().execute(async (tx) => {
          const gone = await repository.deleteHelpTopic(tx, merchantId, params.topicId);
          if (!gone) throw new AppError('not.found', { topicId: params.topicId });
          await writeAudit(tx, {
            merchantId,
            actor: operator!.actor,
            action: 'content.help.delete',
            target: params.topicId,
            payload: { ...gone, reason: query.reason },
          });
        });
        return { deleted: true as const };
      });
    },
  };
}
