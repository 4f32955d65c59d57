import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { documentTitle, useRouteTitle } from './route-handle';

export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
