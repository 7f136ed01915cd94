import { SupportWindow } from '../../features/support/components/support-window';

/** `/customer-service`: the customer-service popup window (spec §1), bare: no site shell. */
export default function CustomerServicePage() {
  return <SupportWindow />;
}
