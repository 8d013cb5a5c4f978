import {
  checkTrackingTag,
  firstTrackingTagError,
  type AdminTrackingTag,
  type CreateTrackingTagBody,
  type TrackingTagValues,
  type UpdateTrackingTagBody,
} from '#shared/contracts/admin-tags';
import type { Database, DbExecutor } from '../../db/client.ts';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
// Interim: the admin modules get their audit log from app-context.ts next.
const auditLogOf = (db: Database) => createAuditLogRepository({ db });
import { notFound, validationError } from '../../lib/errors.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { SiteService } from '../site/site.service.ts';
import * as repository from './admin-tags.repository.ts';
import type { TrackingTagRow } from './admin-tags.repository.ts';

/** Who changed a tag, for the audit log. */
export interface TagActor {
  userId: string | null;
  origin: RequestOrigin;
}

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

/** The checked values, or a 400 whose message is the first problem and details every field's. */
function checked(fields: Parameters<typeof checkTrackingTag>[0]): TrackingTagValues {
  const result = checkTrackingTag(fields);
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

export function createAdminTagsService(deps: { db: Database; site: SiteService }) {
  const { db, site } = deps;
  const auditLog = auditLogOf(db);

  async function record(
    tx: DbExecutor,
    action: keyof typeof TAG_AUDIT_ACTIONS,
    actor: TagActor,
    details: Record<string, unknown>,
  ) {
    await auditLog.in(tx).record({
      action: TAG_AUDIT_ACTIONS[action],
      userId: actor.userId,
      origin: actor.origin,
      details,
    });
  }

  /** Every change reaches the public pages of this instance at once (tags and their CSP). */
  const published = () => site.invalidateTrackingTags();

  return {
    async list(): Promise<AdminTrackingTag[]> {
      return (await repository.listTrackingTags(db)).map(toAdminTrackingTag);
    },

    async create(body: CreateTrackingTagBody, actor: TagActor): Promise<AdminTrackingTag> {
      const values = checked({
        ...body,
        isActive: body.isActive ?? true,
        position: body.position ?? 'head',
      });
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertTrackingTag(tx, values);
        await record(tx, 'created', actor, summary(inserted));
        return inserted;
      });
      published();
      return toAdminTrackingTag(row);
    },

    /** Only the fields sent change; the merged tag must pass the same rules as a new one. */
    async update(
      id: string,
      body: UpdateTrackingTagBody,
      actor: TagActor,
    ): Promise<AdminTrackingTag> {
      const after = await db.transaction(async (tx) => {
        const current = await repository.findTrackingTagForUpdate(tx, id);
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
        const updated = await repository.updateTrackingTag(tx, id, values);
        if (!updated) throw notFound(TAG_NOT_FOUND);
        await record(tx, 'updated', actor, {
          ...summary(updated),
          changedFields: editableFields.filter((field) => current[field] !== updated[field]),
        });
        return updated;
      });
      published();
      return toAdminTrackingTag(after);
    },

    async remove(id: string, actor: TagActor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repository.deleteTrackingTag(tx, id);
        if (!row) throw notFound(TAG_NOT_FOUND);
        await record(tx, 'deleted', actor, summary(row));
      });
      published();
    },
  };
}

export type AdminTagsService = ReturnType<typeof createAdminTagsService>;
