import { ArrowRight, FolderKanban, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useCurrentUser } from '../../auth/api/current-user';

const shortcuts = [
  { to: '/projects', title: 'Projects', text: 'Plan, track and share your projects with your team.', icon: FolderKanban },
  { to: '/help', title: 'Help', text: 'Browse help articles or contact support.', icon: LifeBuoy },
] as const;

/** /dashboard: greets the user by full name with 'Welcome to' and the product name (spec section 1). */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <Card className="border-brand-20 bg-gradient-to-br from-brand-10 to-surface">
        <CardHeader>
          <CardTitle className="text-xl">Welcome to {PRODUCT_NAME}</CardTitle>
          <CardDescription className="text-base text-ink-2">
            Hello, <span className="font-semibold text-ink">{user?.fullName}</span>! Here is where your growth work starts.
          </CardDescription>
        </CardHeader>
      </Card>
      <div className="grid gap-4 sm:grid-cols-2">
        {shortcuts.map(({ to, title, text, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-lg text-ink no-underline hover:text-ink">
            <Card className="h-full transition-shadow group-hover:shadow-md">
              <CardContent className="flex items-start gap-4 pt-5 sm:pt-6">
                <span className="rounded-md bg-brand-10 p-2 text-brand-80">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="grid gap-1">
                  <span className="inline-flex items-center gap-1 font-semibold">
                    {title}
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
                  </span>
                  <span className="text-sm text-muted">{text}</span>
                </span>
              </CardContent>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
