import { Outlet } from 'react-router';
import { PublicLayout } from './PublicLayout';

/**
 * The app's shell of the prospect's sign-up, billing and success pages. It loads nothing of the staff app; the quote
 * page is not among them: it is its own entry (quote-main.tsx) in the same frame.
 */
export function PublicShell() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
