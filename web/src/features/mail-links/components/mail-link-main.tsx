import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';

/**
 * The page a mail link opens (reset, verify, invite, forgot): the product's logo, leading home, above
 * the page's one card, whose title is the page's heading. These pages stand outside the app shell.
 */
export function MailLinkMain({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-4">
      <Link to="/" className="self-center no-underline">
        <Logo />
      </Link>
      {children}
    </main>
  );
}
