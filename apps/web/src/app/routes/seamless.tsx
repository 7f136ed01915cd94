import { SeamlessGame } from '../../features/lobby/components/seamless-game';

/** `/seamless` hosts a launched game full-width (no side menu). */
export default function SeamlessPage() {
  return <SeamlessGame />;
}
