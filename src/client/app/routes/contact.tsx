import { BuildingPage } from '#client/components/building-page';

export default function ContactPage() {
  return (
    <BuildingPage
      title="Contact Us"
      lead="Send us a question, report a problem or suggest a feature."
    />
  );
}
