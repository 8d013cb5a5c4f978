import type { PublicTrackingTag } from '#shared/contracts/site';
import { apiFetch } from '#client/lib/api-client';

/** Active tags, oldest first. Failures are logged and count as no tags (spec). */
export async function getTrackingTags(): Promise<PublicTrackingTag[]> {
  try {
    const { tags } = await apiFetch<{ tags: PublicTrackingTag[] }>('/api/tracking-tags');
    return Array.isArray(tags) ? tags : [];
  } catch (error) {
    console.error('Failed to load tracking tags', error);
    return [];
  }
}
