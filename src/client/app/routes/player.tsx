import { PlayerPage } from '#client/features/player/components/player-page';

export default function PlayerRoute() {
  return <PlayerPage />;
}
