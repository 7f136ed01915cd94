import type { OpsBrand, OpsIdentity } from '../api/operator';

/** What every back-office page receives: the brand being run and the operator running it. */
export interface OpsPageProps {
  brand: OpsBrand;
  identity: OpsIdentity;
}
