import { BuildingPage } from '#client/components/building-page';

export default function AdminTagsPage() {
  return (
    <BuildingPage
      title="Tracking Tags"
      lead="Add and edit the site's tracking tags."
      showLinks={false}
      contained={false}
    />
  );
}
