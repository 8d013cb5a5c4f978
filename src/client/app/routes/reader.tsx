import { ReaderPage } from '#client/features/reader/reader-page';

export default function ReaderRoute() {
  return <ReaderPage />;
}
