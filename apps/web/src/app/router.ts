import { createBrowserRouter } from 'react-router';
import { setNavigator } from './navigator';
import { appRoutes } from './app-routes';

export const router = createBrowserRouter(appRoutes);

setNavigator((to, state) => router.navigate(to, { replace: true, state }));
