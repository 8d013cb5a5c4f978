import { Navigate } from 'react-router';
import { Spinner } from '#client/components/ui/spinner';
import { MyWordsPage } from '#client/features/words/components/my-words-page';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';

/** /words: the learner's saved words and sentences (decision 035). */
export default function WordsRoute() {
  const { status, user } = useAuth();
  useDocumentTitle('My words');
  if (status === 'loading') return <Spinner className="py-24" />;
  // After signing in, the learner comes back here (the sign-in page reads `from`).
  if (user === null) return <Navigate to="/auth" replace state={{ from: '/words' }} />;
  return <MyWordsPage />;
}
