import { BuildingPage } from '#client/components/building-page';

export default function AdminSupportersPage() {
  return (
    <BuildingPage
      title="Supporters"
      lead="Supporters, revenue and payment history."
      showLinks={false}
      contained={false}
    />
  );
}
