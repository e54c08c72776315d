import { LogoLink } from '../../components/logo-link';
import { AppNavLinks } from './app-nav-links';

/** The desktop sidebar (spec section 2); phones reach the same links through MobileNav. */
export function AppSidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-line bg-surface md:flex">
      <div className="flex h-16 items-center border-b border-line px-5">
        <LogoLink to="/dashboard" />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <AppNavLinks />
      </nav>
    </aside>
  );
}
