import { APP_PATHS } from '@lawn/shared';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageMessage } from './PageMessage';

const NO_ACCESS_TITLE = 'You do not have access to this page';

/**
 * The one answer to a page the signed-in user's role may not use, shown inside the staff shell in place of the page
 * (which therefore makes no call and shows none of its controls).
 */
export function NoAccessMessage() {
  return (
    <PageMessage
      title={NO_ACCESS_TITLE}
      headingLevel="h2"
      action={
        <Button component={RouterLink} to={APP_PATHS.dashboard} variant="contained">
          Go to the dashboard
        </Button>
      }
    >
      Your role does not include this page. The menu lists the pages you can open.
    </PageMessage>
  );
}
