import { LogoLink } from '../../../components/logo-link';

/** The top bar of the legal and not-found pages: the logo back to home. */
export function SimpleHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <LogoLink to="/" />
      </div>
    </header>
  );
}
