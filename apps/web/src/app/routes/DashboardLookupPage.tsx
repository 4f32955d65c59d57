import { DashboardPage } from '../../features/dashboard/pages/DashboardPage';
import { LookupButton } from '../../features/lookup/components/LookupButton';
import { selectUser, useAppState } from '../../lib/app-store';

/** The dashboard with its Lookup button, which opens the lookup wizard as a modal, for whoever may use the lookup. */
export function DashboardLookupPage() {
  const user = useAppState(selectUser);
  const canLookUp = user.navigation.some((item) => item.id === 'lookup');
  return <DashboardPage actions={canLookUp ? <LookupButton /> : undefined} />;
}
