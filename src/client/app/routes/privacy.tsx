import { PrivacyPage } from '#client/features/static-pages/components/privacy-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return <PrivacyPage />;
}
