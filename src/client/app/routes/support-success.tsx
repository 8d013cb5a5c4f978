import { BuildingPage } from '#client/components/building-page';

export default function SupportSuccessPage() {
  return (
    <BuildingPage
      title="Support Payment"
      lead="Confirms your support payment once it has been verified."
    />
  );
}
