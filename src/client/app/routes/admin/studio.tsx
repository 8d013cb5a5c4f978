import { useParams } from 'react-router';
import { StudioPage } from '#client/features/studio/components/studio-page';

/** The transcript studio of one chapter (issue 11): a lazy chunk only administrators load. */
export default function AdminStudioPage() {
  const { id = '' } = useParams();
  return <StudioPage chapterId={id} />;
}
