import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The app's router: history in the address bar, routes from ./routes. */
export const router = createBrowserRouter(routes);
