import { BuildingPage } from '#client/components/building-page';

export default function LibraryReaderPage() {
  return <BuildingPage title="Reader" lead="A reading view for a story from the library." />;
}
