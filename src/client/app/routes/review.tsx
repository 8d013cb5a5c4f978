import { Navigate } from 'react-router';
import { Spinner } from '#client/components/ui/spinner';
import { DailyPracticeCard } from '#client/features/practice/components/daily-practice-card';
import { ReviewPage } from '#client/features/review/components/review-page';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';

/**
 * /review: its own lazy chunk (routes.tsx), so its code and ts-fsrs load only here. The daily
 * practice card comes before the due cards; the exercises themselves are /practice's chunk.
 */
export default function ReviewRoute() {
  const { status, user } = useAuth();
  useDocumentTitle('Review');
  if (status === 'loading') return <Spinner className="py-24" />;
  // After signing in, the learner comes back here (the sign-in page reads `from`).
  if (user === null) return <Navigate to="/auth" replace state={{ from: '/review' }} />;
  return <ReviewPage userId={user.id} intro={<DailyPracticeCard />} />;
}
