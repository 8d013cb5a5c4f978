import { Unlink } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useFiles } from '#client/lib/api/admin/get-files';
import { toast } from '#client/lib/toast';
import { useUnassociateFile } from '../api/unassociate-file';
import { bucketLabels, chapterLinks } from '../utils/file-kinds';

/** Manage Associations: each linked file with its 'story → chapter' links. */
export function ManageAssociationsPanel() {
  const files = useFiles();
  const unassociate = useUnassociateFile();

  if (files.isPending) return <Spinner label="Loading files..." />;
  if (files.isError) {
    return (
      <Notice tone="error" title="Could not load files" headingLevel={3}>
        {files.error.message}
      </Notice>
    );
  }

  const linked = files.data.filter((file) => chapterLinks(file).length > 0);
  if (linked.length === 0) {
    return (
      <Notice title="No Associated Files" headingLevel={3}>
        Files linked to a chapter appear here.
      </Notice>
    );
  }

  return (
    <ul aria-label="Associated files" className="space-y-3">
      {linked.map((file) => (
        <li key={file.id}>
          <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <h3 className="truncate font-semibold">{file.originalFilename}</h3>
              <p className="text-sm text-ink-muted">{bucketLabels[file.bucketName]}</p>
              <ul className="mt-1 space-y-0.5 text-sm">
                {chapterLinks(file).map((link) => (
                  <li key={`${link.chapterId}-${link.role}`}>
                    {link.storyTitle} → {link.chapterTitle}{' '}
                    <span className="text-ink-muted">({link.role})</span>
                  </li>
                ))}
              </ul>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Unassociate ${file.originalFilename}`}
              disabled={unassociate.isPending && unassociate.variables === file.id}
              onClick={() =>
                unassociate.mutate(file.id, {
                  onSuccess: () =>
                    toast.success('File Unassociated', { description: file.originalFilename }),
                  onError: (error) =>
                    toast.error('Unassociation Failed', { description: error.message }),
                })
              }
            >
              <Unlink className="size-4" aria-hidden="true" />
              Unassociate
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
