import { bucketSchema, type AdminFile } from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useFiles } from '#client/lib/api/admin/get-files';
import { bucketLabels, isInUse } from '../utils/file-kinds';

export interface AssociationStats {
  total: number;
  associated: number;
  unassociated: number;
  buckets: { bucket: Bucket; total: number; associated: number; percent: number }[];
}

/**
 * Counts for the Overview: all files, those in use, and per bucket the percent in use. A file is
 * associated when anything uses it, as the Files tab's "In use" says: a chapter's audio or
 * transcript, but also a story's cover, the logo, a home page image or a profile picture (issue
 * 23: counting chapter links only, images read "0% linked" while every one was a cover in use).
 */
export function associationStats(files: readonly Pick<AdminFile, 'bucketName' | 'uses'>[]) {
  const associated = files.filter(isInUse).length;
  return {
    total: files.length,
    associated,
    unassociated: files.length - associated,
    buckets: bucketSchema.options.map((bucket) => {
      const inBucket = files.filter((file) => file.bucketName === bucket);
      const linked = inBucket.filter(isInUse).length;
      return {
        bucket,
        total: inBucket.length,
        associated: linked,
        percent: inBucket.length === 0 ? 0 : Math.round((linked / inBucket.length) * 100),
      };
    }),
  } satisfies AssociationStats;
}

/** Overview: how many files are in use, overall and per bucket. */
export function AssociationOverview() {
  const files = useFiles();
  if (files.isPending) return <Spinner label="Loading files..." />;
  if (files.isError) {
    return (
      <Notice tone="error" title="Could not load files" headingLevel={3}>
        {files.error.message}
      </Notice>
    );
  }
  const stats = associationStats(files.data);
  const totals = [
    { label: 'Total Files', value: stats.total },
    { label: 'Associated Files', value: stats.associated },
    { label: 'Unassociated Files', value: stats.unassociated },
  ];

  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        {totals.map(({ label, value }) => (
          <Card key={label} className="p-5">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-semibold">{value}</dd>
          </Card>
        ))}
      </dl>
      <Card className="p-5">
        <h3 className="text-lg font-semibold">By bucket</h3>
        <p className="mt-1 text-sm text-ink-muted">
          A file is in use when a chapter has it as audio or transcript, a story as its cover, or
          the site as its logo, a home page image or a profile picture.
        </p>
        <ul className="mt-3 space-y-3">
          {stats.buckets.map((entry) => (
            <li key={entry.bucket}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{bucketLabels[entry.bucket]}</span>
                <span className="text-ink-muted">
                  {entry.total} {entry.total === 1 ? 'file' : 'files'} · {entry.percent}% in use
                </span>
              </div>
              <div
                className="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-muted"
                aria-hidden="true"
              >
                <div className="h-full bg-accent" style={{ width: `${entry.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
