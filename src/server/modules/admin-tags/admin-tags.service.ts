import {
  checkTrackingTag,
  firstTrackingTagError,
  type AdminTrackingTag,
  type CreateTrackingTagBody,
  type TrackingTagValues,
  type UpdateTrackingTagBody,
} from '#shared/contracts/admin-tags';
import type { DbExecutor } from '../../db/client.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { scriptSyntaxProblem } from '../../lib/script-syntax.ts';
import type { SiteService } from '../site/site.service.ts';
import type { AdminTagsRepository, TrackingTagRow } from './admin-tags.repository.ts';

/**
 * Every change to the tags that run on the public pages is audited, in the transaction of the
 * change: the tag and its audit entry are written together, or neither is (decision 017).
 */
const TAG_AUDIT_ACTIONS = {
  created: 'tracking_tag_created',
  updated: 'tracking_tag_updated',
  deleted: 'tracking_tag_deleted',
} as const;

const TAG_NOT_FOUND = 'Tracking tag not found';

const editableFields = [
  'tagName',
  'tagType',
  'tagId',
  'scriptContent',
  'isActive',
  'position',
] as const satisfies ReadonlyArray<keyof TrackingTagValues>;

export const toAdminTrackingTag = (row: TrackingTagRow): AdminTrackingTag => ({
  id: row.id,
  tagName: row.tagName,
  tagType: row.tagType,
  tagId: row.tagId,
  scriptContent: row.scriptContent,
  isActive: row.isActive,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The checked values, or a validation error: the first problem as message, all in details. The
 * shared rules plus a real JavaScript parse of the inline code, so a saved tag runs as pasted.
 */
function checked(fields: Parameters<typeof checkTrackingTag>[0]): TrackingTagValues {
  const result = checkTrackingTag(fields, { syntax: scriptSyntaxProblem });
  if (!result.ok) {
    throw validationError(firstTrackingTagError(result.errors), { fields: result.errors });
  }
  return result.value;
}

const summary = (row: TrackingTagRow) => ({
  trackingTagId: row.id,
  tagName: row.tagName,
  tagType: row.tagType,
  isActive: row.isActive,
});

export function createAdminTagsService(deps: {
  tags: AdminTagsRepository;
  site: SiteService;
  transaction: TransactionRunner;
  audit: AuditLog;
}) {
  const { tags, site, transaction, audit } = deps;

  async function record(
    tx: DbExecutor,
    action: keyof typeof TAG_AUDIT_ACTIONS,
    actor: Actor,
    details: Record<string, unknown>,
  ) {
    await audit.in(tx).record({
      action: TAG_AUDIT_ACTIONS[action],
      userId: actor.userId,
      origin: actor.origin,
      details,
    });
  }

  /** Every change reaches the public pages of every instance at once (tags and their CSP). */
  const published = () => site.invalidateTrackingTags();

  return {
    async list(): Promise<AdminTrackingTag[]> {
      return (await tags.list()).map(toAdminTrackingTag);
    },

    async create(body: CreateTrackingTagBody, actor: Actor): Promise<AdminTrackingTag> {
      const values = checked({
        ...body,
        isActive: body.isActive ?? true,
        position: body.position ?? 'head',
      });
      const row = await transaction(async (tx) => {
        const inserted = await tags.in(tx).insert(values);
        await record(tx, 'created', actor, summary(inserted));
        return inserted;
      });
      await published();
      return toAdminTrackingTag(row);
    },

    /** Only the fields sent change; the merged tag must pass the same rules as a new one. */
    async update(id: string, body: UpdateTrackingTagBody, actor: Actor): Promise<AdminTrackingTag> {
      const after = await transaction(async (tx) => {
        const current = await tags.in(tx).findForUpdate(id);
        if (!current) throw notFound(TAG_NOT_FOUND);
        const values = checked({
          tagName: body.tagName ?? current.tagName,
          tagType: body.tagType ?? current.tagType,
          tagId: body.tagId === undefined ? current.tagId : body.tagId,
          scriptContent:
            body.scriptContent === undefined ? current.scriptContent : body.scriptContent,
          isActive: body.isActive ?? current.isActive,
          position: body.position ?? current.position,
        });
        const updated = await tags.in(tx).update(id, values);
        if (!updated) throw notFound(TAG_NOT_FOUND);
        await record(tx, 'updated', actor, {
          ...summary(updated),
          changedFields: editableFields.filter((field) => current[field] !== updated[field]),
        });
        return updated;
      });
      await published();
      return toAdminTrackingTag(after);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await transaction(async (tx) => {
        const row = await tags.in(tx).remove(id);
        if (!row) throw notFound(TAG_NOT_FOUND);
        await record(tx, 'deleted', actor, summary(row));
      });
      await published();
    },
  };
}

export type AdminTagsService = ReturnType<typeof createAdminTagsService>;
