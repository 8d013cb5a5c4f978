import { BuildingPage } from '#client/components/building-page';

export default function FaqPage() {
  return (
    <BuildingPage
      title="Frequently Asked Questions"
      lead="Answers to the questions learners ask most often."
    />
  );
}
