import { PRODUCT_NAME } from '@shared/product';
import { BarChart3, Bot, CheckCircle2, Tags, Users } from 'lucide-react';

const benefits = [
  { label: 'AI-powered automation', icon: Bot },
  { label: 'Team collaboration tools', icon: Users },
  { label: 'Performance analytics', icon: BarChart3 },
  { label: 'Flexible pricing plans', icon: Tags },
] as const;

/** The side panel of /auth (spec section 2). */
export function AuthSidePanel() {
  return (
    <aside
      aria-labelledby="auth-panel-heading"
      className="flex flex-col justify-center gap-6 rounded-lg bg-brand-90 p-8 text-white shadow-lg sm:p-10"
    >
      <h2 id="auth-panel-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Grow faster with {PRODUCT_NAME}
      </h2>
      <p className="text-brand-10">Everything your team needs to plan, automate and measure its marketing.</p>
      <ul className="grid gap-4">
        {benefits.map(({ label, icon: Icon }) => (
          <li key={label} className="flex items-center gap-3">
            <span className="rounded-md bg-white/15 p-2">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="font-medium">{label}</span>
            <CheckCircle2 className="ml-auto size-5 text-brand-20" aria-hidden />
          </li>
        ))}
      </ul>
    </aside>
  );
}
