import { PracticePage } from '#client/features/practice/components/practice-page';

/** /practice/:chapterId: its own lazy chunk, so the exercises load only where they are used. */
export default function PracticeRoute() {
  return <PracticePage />;
}
