import { isStaffRole } from '@lawn/shared';
import { NotFoundMessage, NotFoundPage } from '../../components/NotFoundPage';
import { selectUser, useAppState } from '../../lib/app-store';
import { StaffShell } from '../shells/StaffShell';

/**
 * A path no screen answers (a page not built yet, a mistyped link): a signed-in staff user sees 'Page not found'
 * inside the staff shell, with the drawer to go on from; anyone else sees it on a page of its own.
 */
export function NotFoundRoute() {
  const { accessToken, role } = useAppState(selectUser);
  if (accessToken !== null && (role === null || isStaffRole(role))) {
    return (
      <StaffShell>
        <NotFoundMessage headingLevel="h2" />
      </StaffShell>
    );
  }
  return <NotFoundPage />;
}
