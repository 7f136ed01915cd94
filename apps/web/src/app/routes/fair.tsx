import { Verifier } from '../../features/games/components/verifier';

/** `/fair`: the public provably-fair verifier. */
export default function FairPage() {
  return <Verifier />;
}
