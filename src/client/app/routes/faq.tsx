import { FaqPage } from '#client/features/static-pages/components/faq-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function FaqRoute() {
  useDocumentTitle('Frequently Asked Questions');
  return <FaqPage />;
}
