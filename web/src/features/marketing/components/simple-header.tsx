import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';

/** The top bar of the legal and not-found pages: the logo back to home. */
export function SimpleHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <Link to="/" className="rounded-md no-underline" aria-label="Growthwise home">
          <Logo />
        </Link>
      </div>
    </header>
  );
}
