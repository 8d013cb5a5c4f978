import { BuildingPage } from '#client/components/building-page';

export default function ProfilePage() {
  return (
    <BuildingPage
      title="Your Profile"
      lead="Your name, avatar, listening preferences and learning statistics."
    />
  );
}
