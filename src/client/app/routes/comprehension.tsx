import { ComprehensionPage } from '#client/features/comprehension/components/comprehension-page';

/** /questions/:chapterId: its own lazy chunk (routes.tsx), loaded only where questions are asked. */
export default function ComprehensionRoute() {
  return <ComprehensionPage />;
}
