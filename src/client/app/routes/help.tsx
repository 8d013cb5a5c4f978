import { BuildingPage } from '#client/components/building-page';

export default function HelpPage() {
  return (
    <BuildingPage
      title="Help Center"
      lead="Getting started, audio learning, account management and supporting Relatos."
    />
  );
}
