import { HomePage } from '#client/features/home/components/home-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function HomeRoute() {
  useDocumentTitle('Learn Spanish with Audio Stories');
  return <HomePage />;
}
