import { z } from 'zod';
import { opsReasonBodySchema } from './operator.js';
import { endpoints } from './endpoints.js';
import { announcementTypeSchema, popupExecutionSchema, vassalageSchema } from './lobby.js';
import { defineRoute } from './route.js';

/*
 * The back office's content and catalogue desks (docs/back-office.md "Content", "Catalogue"):
 * image uploads for banners and game artwork, a preview of an announcement as a player sees it
 * (its HTML sanitised by the server), help-centre topics per language, and a studio's API
 * credential (sealed at rest, never read back). Banners, notices, popups, promotions, studios and
 * games themselves use the lobby's operator routes (packages/contract/src/lobby.ts).
 */

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
/** Why the operator made the change: kept in the audit log. */
export const contentReasonSchema = z.string().trim().min(1).max(500);

/** Images an operator may upload: PNG, JPEG or WebP, judged by their bytes, at most 2 MiB. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const contentImagePurposes = ['banner', 'game', 'vendor', 'popup'] as const;

export const contentUploadBodySchema = z.object({
  purpose: z.enum(contentImagePurposes),
  /** The file as base64 (a `data:image/...;base64,` prefix is accepted). */
  image: z
    .string()
    .min(1)
    .max(Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 64),
});

export const contentUploadSchema = z
  .object({
    /** Where the site serves it (use it as a banner's imageUrl or a game's iconUrl). */
    url: z.string(),
    mime: z.enum(['image/png', 'image/jpeg', 'image/webp']),
    bytes: z.number().int(),
  })
  .meta({ id: 'ContentUpload' });

export const contentPreviewBodySchema = z.object({
  type: announcementTypeSchema,
  title: z.record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/), z.string().max(20_000)),
  content: z.record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/), z.string().max(20_000)).optional(),
  execution: popupExecutionSchema.nullable().optional(),
  imageUrl: z.string().trim().max(500).nullable().optional(),
  linkUrl: z.string().trim().max(500).nullable().optional(),
});

export const contentPreviewSchema = z
  .object({
    /** Per language: the title as text and the content as the sanitised HTML players receive. */
    languages: z.array(z.object({ language: z.string(), title: z.string(), html: z.string() })),
  })
  .meta({ id: 'ContentPreview' });

const helpTermSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,64}$/, 'lower-case letters, digits, - and _');

export const opsHelpTopicSchema = z
  .object({
    id: z.string(),
    language: z.string(),
    term: z.string(),
    title: z.string(),
    content: z.string(),
    sort: z.number().int(),
  })
  .meta({ id: 'OpsHelpTopic' });

export const opsHelpTopicBodySchema = z.object({
  language: z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/),
  term: helpTermSchema,
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000),
  sort: z.number().int().min(0).max(100_000).default(0),
  reason: contentReasonSchema,
});

export const vendorCredentialBodySchema = z.object({
  /** The studio's API key or secret as issued; stored sealed and never shown again. */
  credential: z.string().trim().min(8).max(4000),
  reason: contentReasonSchema,
});

export const contentRoutes = {
  opsContentUpload: defineRoute({
    ...endpoints.opsContentUpload,
    tag: 'ops',
    summary: 'Upload a banner, popup or game image (PNG, JPEG or WebP by its bytes, at most 2 MiB). Audited.',
    params: merchantParams,
    body: contentUploadBodySchema,
    reply: contentUploadSchema,
  }),
  opsContentPreview: defineRoute({
    ...endpoints.opsContentPreview,
    tag: 'ops',
    summary: 'An announcement as players would receive it: titles and sanitised HTML per language.',
    params: merchantParams,
    body: contentPreviewBodySchema,
    reply: contentPreviewSchema,
  }),
  opsHelpTopicList: defineRoute({
    ...endpoints.opsHelpTopicList,
    tag: 'ops',
    summary: 'The brand’s help-centre topics, every language or one.',
    params: merchantParams,
    query: z.object({
      language: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string()
          .regex(/^[A-Z]{2}(-[A-Z]{2})?$/)
          .optional(),
      ),
    }),
    reply: z.object({ list: z.array(opsHelpTopicSchema) }),
  }),
  opsHelpTopicSave: defineRoute({
    ...endpoints.opsHelpTopicSave,
    tag: 'ops',
    summary: 'Create or replace a help-centre topic (by language and term); its HTML is sanitised. Audited.',
    params: merchantParams,
    body: opsHelpTopicBodySchema,
    reply: opsHelpTopicSchema,
  }),
  opsHelpTopicDelete: defineRoute({
    ...endpoints.opsHelpTopicDelete,
    tag: 'ops',
    summary: 'Delete a help-centre topic, with the reason the audit log keeps (`?reason=`).',
    params: merchantParams.extend({ topicId: z.string().regex(/^\d{1,18}$/) }),
    query: opsReasonBodySchema,
    reply: z.object({ deleted: z.literal(true) }),
  }),
  opsVendorCredentialSet: defineRoute({
    ...endpoints.opsVendorCredentialSet,
    tag: 'ops',
    summary:
      'Set or replace a studio’s API credential for the brand. Stored sealed; never returned. Audited.',
    params: merchantParams.extend({ vassalage: vassalageSchema }),
    body: vendorCredentialBodySchema,
    reply: z.object({ vassalage: z.string(), credentialSet: z.literal(true), updatedAt: z.string() }),
  }),
} as const;
