import { BuildingPage } from '#client/components/building-page';

export default function AdminContentPage() {
  return (
    <BuildingPage
      title="Content Management"
      lead="Create and edit stories, upload files and link them to chapters."
      showLinks={false}
      contained={false}
    />
  );
}
