import { DownloadsPage } from '#client/features/downloads/components/downloads-page';
import { useDocumentTitle } from '#client/lib/document-title';

/** /downloads: the chapters stored on this device for offline listening (decision 040). */
export default function DownloadsRoute() {
  useDocumentTitle('Downloads');
  return <DownloadsPage />;
}
