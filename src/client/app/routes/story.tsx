import { BuildingPage } from '#client/components/building-page';

export default function StoryPage() {
  return (
    <BuildingPage
      title="Story Details"
      lead="Cover, level, total listening time, description and the chapter list of one story."
    />
  );
}
