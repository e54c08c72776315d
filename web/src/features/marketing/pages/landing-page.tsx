import { PRODUCT_NAME } from '@shared/product';
import { BarChart3, Bot, Clock, SlidersHorizontal, Tags, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/** Spec section 1: the six feature blurbs. */
const features = [
  {
    title: 'AI-Powered Automation',
    text: 'Let AI run your repetitive marketing tasks, from campaign scheduling to audience targeting.',
    icon: Bot,
  },
  {
    title: 'Performance Analytics',
    text: 'Real-time dashboards and recommendations that show what works and what to do next.',
    icon: BarChart3,
  },
  {
    title: 'Team Collaboration',
    text: 'Role-based access and shared workspaces keep your whole team on the same page.',
    icon: Users,
  },
  { title: 'Time-Saving Workflows', text: 'Streamlined workflows turn hours of busywork into minutes.', icon: Clock },
  { title: 'Flexible Pricing', text: 'Transparent plans that grow with you, with no hidden fees.', icon: Tags },
  {
    title: 'Customizable Settings',
    text: 'Tailor projects, users and your organization to the way you work.',
    icon: SlidersHorizontal,
  },
] as const;

export function LandingPage() {
  usePageTitle();
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SiteHeader />
      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-b from-brand-10 to-surface">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="mx-auto rounded-full border border-brand-20 bg-surface px-3 py-1 text-sm font-medium text-brand-90">
              AI-powered marketing automation
            </p>
            <h1 className="mx-auto max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-ink sm:text-6xl">
              Grow your business with <span className="text-brand-80">{PRODUCT_NAME}</span>
            </h1>
            <p className="mx-auto max-w-2xl text-lg text-ink-2">
              Automate your marketing, collaborate with your team and see what drives results, all in one platform with flexible
              pricing.
            </p>
            <div className="flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={user ? '/dashboard' : '/auth'} className={buttonClasses({ className: 'h-12 px-6 text-base' })}>
                Get started for free
              </Link>
              <a href="#features" className={buttonClasses({ variant: 'outline', className: 'h-12 px-6 text-base' })}>
                Learn more
              </a>
            </div>
          </div>
        </section>

        <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
                Everything you need to grow
              </h2>
              <p className="mt-3 text-lg text-ink-2">One platform for automation, analytics and teamwork.</p>
            </div>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {features.map(({ title, text, icon: Icon }) => (
                <li key={title} className="rounded-lg border border-line bg-surface p-6 shadow-sm">
                  <span className="inline-flex rounded-md bg-brand-10 p-2.5 text-brand-80">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-ink-2">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
          <div className="mx-auto grid max-w-6xl gap-6 rounded-lg bg-brand-90 px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
              Ready to grow faster?
            </h2>
            <p className="mx-auto max-w-xl text-brand-10">
              Join the teams that plan, automate and measure their marketing with {PRODUCT_NAME}.
            </p>
            <div>
              <Link
                to="/auth"
                className={buttonClasses({ variant: 'secondary', className: 'h-12 px-6 text-base hover:text-brand-100' })}
              >
                Start your free trial
              </Link>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
