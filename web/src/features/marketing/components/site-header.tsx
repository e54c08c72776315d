import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoLink } from '../../../components/logo-link';
import { buttonClasses } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/current-user';
import { useHydrated } from '../../../lib/use-browser-value';

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-ink-2 no-underline hover:bg-surface-3 hover:text-ink';

/**
 * The landing page's top bar (spec section 2): Features; Log in and Sign up when signed out, a
 * Dashboard button when signed in; on phones the same in a menu that toggles open and closed.
 */
export function SiteHeader() {
  const { data: user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  // The prerendered page shows the toggle before React runs it: until then it looks, and is, disabled.
  const hydrated = useHydrated();
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <LogoLink to="/" />
        <nav aria-label="Main" className="hidden items-center gap-2 md:flex">
          <a href="#features" className={navLink}>
            Features
          </a>
          {user ? (
            <Link to="/dashboard" className={buttonClasses({ className: 'ml-2' })}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/auth" className={navLink}>
                Log in
              </Link>
              <Link to="/auth" className={buttonClasses({ className: 'ml-2' })}>
                Sign up
              </Link>
            </>
          )}
        </nav>
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-line bg-surface px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="grid gap-1">
          <li>
            <a href="#features" className={`${navLink} block`} onClick={close}>
              Features
            </a>
          </li>
          {user ? (
            <li className="pt-2">
              <Link to="/dashboard" className={buttonClasses({ className: 'w-full' })} onClick={close}>
                Go to Dashboard
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link to="/auth" className={`${navLink} block`} onClick={close}>
                  Log in
                </Link>
              </li>
              <li className="pt-2">
                <Link to="/auth" className={buttonClasses({ className: 'w-full' })} onClick={close}>
                  Sign up
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
