import { useId, useState } from 'react';
import type { AdminTrackingTag } from '#shared/contracts/admin-tags';
import { TagForm } from './tag-form';
import { TagList } from './tag-list';

/** The tracking tags screen: the add and edit form above the list of tags. */
export function TrackingTagsManager() {
  const [editing, setEditing] = useState<AdminTrackingTag | null>(null);
  const listHeadingId = useId();

  function edit(tag: AdminTrackingTag) {
    setEditing(tag);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="space-y-8">
      <TagForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby={listHeadingId} className="space-y-4">
        <h2 id={listHeadingId} className="text-xl font-semibold text-ink">
          Tags
        </h2>
        <TagList
          editingId={editing?.id ?? null}
          onEdit={edit}
          onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
        />
      </section>
    </div>
  );
}
