import { useLayoutEffect } from 'react';
import { RouterProvider } from '../lib/router';
import { registerNavigate } from '../lib/navigation';
import { AppProviders } from './providers';
import { AppRoutes, type AppRouter } from './router';
import type { AppStore } from './store';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  // Lets the logout thunk (outside React) send the user to /login. A layout effect, so it is in
  // place before any screen's (passive) effect can log out.
  useLayoutEffect(() => registerNavigate((to) => void router.navigate(to)), [router]);
  return (
    <AppProviders store={store}>
      <RouterProvider router={router}>
        <AppRoutes />
      </RouterProvider>
    </AppProviders>
  );
}
