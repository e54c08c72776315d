import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

/** A list with nothing in it yet: what will appear there, and (as children) the one way forward. */
export function EmptyStateCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center">
        <span className="rounded-full bg-brand-10 p-3 text-brand-80">
          <Icon className="size-6" aria-hidden />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
