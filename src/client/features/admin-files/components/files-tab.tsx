import { FileManager } from './file-manager';

/** The Files tab of Content Management: Manage Files on its own. */
export function FilesTab() {
  return (
    <section aria-labelledby="admin-files-heading" className="space-y-5">
      <div>
        <h2 id="admin-files-heading" className="text-2xl font-semibold">
          Manage Files
        </h2>
        <p className="mt-1 text-ink-muted">Search, open, download and delete uploaded files.</p>
      </div>
      <FileManager />
    </section>
  );
}
