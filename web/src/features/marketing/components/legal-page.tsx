import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/page-title';
import { SimpleHeader } from './simple-header';
import { SiteFooter } from './site-footer';

interface LegalPageProps {
  title: string;
  /** The date the text says it was last updated; null while it is not known yet (the line keeps its place). */
  lastUpdated?: string | null;
  children: ReactNode;
}

/** The frame of a legal text: title, last-updated date, the sections and a way back home. */
export function LegalPage({ title, lastUpdated, children }: LegalPageProps) {
  usePageTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <Link to="/" className="text-sm font-medium">
          ← Back to home
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lastUpdated !== undefined ? <p className="mt-2 text-sm text-muted">Last updated: {lastUpdated}</p> : null}
        <div className="mt-8 grid gap-8 rounded-lg border border-line bg-surface p-5 leading-relaxed text-ink-2 shadow-sm sm:p-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-ink [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
