import { BuildingPage } from '#client/components/building-page';

export default function DemoPage() {
  return (
    <BuildingPage
      title="Demo Story"
      lead="A built-in sample story with its audio player, transcript and reading tips."
    />
  );
}
