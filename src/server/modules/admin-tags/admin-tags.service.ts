import {
  checkTrackingTag,
  firstTrackingTagError,
  type AdminTrackingTag,
  type CreateTrackingTagBody,
  type TrackingTagValues,
  type UpdateTrackingTagBody,
} from '#shared/contracts/admin-tags';
import type { Database } from '../../db/client.ts';
import type { AuditLog } from '../../lib/audit-log.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import type { RequestOrigin } from '../../lib/rate-limiter.ts';
import type { SiteService } from '../site/site.service.ts';
import * as repository from './admin-tags.repository.ts';
import type { TrackingTagRow } from './admin-tags.repository.ts';

/** Who changed a tag, for the audit log. */
export interface TagActor {
  userId: string | null;
  origin: RequestOrigin;
}

/**
 * The audit log keeps free-text actions; these three record every change to the tags that run on
 * the public pages. (auditActions in lib/audit-log.ts does not list them yet, hence the cast.)
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

export function createAdminTagsService(deps: { db: Database; audit: AuditLog; site: SiteService }) {
  const { db, audit, site } = deps;

  async function record(
    action: keyof typeof TAG_AUDIT_ACTIONS,
    actor: TagActor,
    details: Record<string, unknown>,
  ) {
    await audit.record({
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
      const row = await repository.insertTrackingTag(db, values);
      published();
      await record('created', actor, summary(row));
      return toAdminTrackingTag(row);
    },

    /** Only the fields sent change; the merged tag must pass the same rules as a new one. */
    async update(
      id: string,
      body: UpdateTrackingTagBody,
      actor: TagActor,
    ): Promise<AdminTrackingTag> {
      const { before, after } = await db.transaction(async (tx) => {
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
        return { before: current, after: updated };
      });
      published();
      await record('updated', actor, {
        ...summary(after),
        changedFields: editableFields.filter((field) => before[field] !== after[field]),
      });
      return toAdminTrackingTag(after);
    },

    async remove(id: string, actor: TagActor): Promise<void> {
      const row = await repository.deleteTrackingTag(db, id);
      if (!row) throw notFound(TAG_NOT_FOUND);
      published();
      await record('deleted', actor, summary(row));
    },
  };
}

export type AdminTagsService = ReturnType<typeof createAdminTagsService>;
