import { APP_PATHS } from '@lawn/shared';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PersonAddIcon } from '../../components/icons';
import { DashboardPage } from '../../features/dashboard/pages/DashboardPage';
import { LookupButton } from '../../features/lookup/components/LookupButton';
import { selectUser, useAppState } from '../../lib/app-store';

/**
 * The dashboard with its Lookup button, which opens the lookup wizard as a modal, and its Create customer button, each
 * for whoever may use the page it leads to.
 */
export function DashboardLookupPage() {
  const user = useAppState(selectUser);
  const canLookUp = user.navigation.some((item) => item.id === 'lookup');
  const canCreate = user.navigation.some((item) => item.id === 'customers');
  return (
    <DashboardPage
      actions={
        (canLookUp || canCreate) && (
          <>
            {canLookUp && <LookupButton />}
            {canCreate && (
              <Button
                component={RouterLink}
                to={APP_PATHS.createCustomer}
                variant="outlined"
                color="secondary"
                startIcon={<PersonAddIcon aria-hidden />}
              >
                Create customer
              </Button>
            )}
          </>
        )
      }
    />
  );
}
