import { BuildingPage } from '#client/components/building-page';

export default function AdminDashboardPage() {
  return (
    <BuildingPage
      title="Admin Dashboard"
      lead="Counts of stories, chapters, profiles and feedback."
      showLinks={false}
      contained={false}
    />
  );
}
