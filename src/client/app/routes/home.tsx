import { lazy } from 'react';
import { HomePage } from '#client/features/home/components/home-page';
import { useDocumentTitle } from '#client/lib/document-title';

// The support section belongs to the support feature and sits at the bottom of the home page: its
// code (and its API calls) wait until the visitor scrolls near it, so the first load of / stays
// within its JavaScript budget (decision 006).
const SupportSection = lazy(() =>
  import('#client/features/support/components/support-section').then((module) => ({
    default: module.SupportSection,
  })),
);

export default function HomeRoute() {
  useDocumentTitle('Learn Spanish with Audio Stories');
  return <HomePage support={<SupportSection />} />;
}
