import { ContactPage } from '#client/features/static-pages/components/contact-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function ContactRoute() {
  useDocumentTitle('Contact Us');
  return <ContactPage />;
}
