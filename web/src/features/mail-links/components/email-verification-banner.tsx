import type { UserResponse } from '@shared/schemas/auth';
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useResendVerification } from '../api/email-verification';

/** Per user, so another account signed in later in the same tab still sees its own banner. */
const dismissedKey = (userId: string) => `growthwise:verification-banner-dismissed:${userId}`;

function readDismissed(userId: string) {
  try {
    return sessionStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    // Storage refused (a privacy mode): the banner simply shows again.
    return false;
  }
}

function rememberDismissed(userId: string) {
  try {
    sessionStorage.setItem(dismissedKey(userId), '1');
  } catch {
    // As above: dismissed for this page's life only.
  }
}

/**
 * In the app shell until the user's address is verified: says where the link went, offers
 * 'Resend email', and can be dismissed for the rest of the browser session (sessionStorage).
 */
export function EmailVerificationBanner({ user }: { user: UserResponse }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  const resend = useResendVerification();
  if (user.emailVerified || dismissed) return null;

  const dismiss = () => {
    rememberDismissed(user.id);
    setDismissed(true);
  };
  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error) => toast({ title: 'Resend failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <section aria-label="Email verification" className="border-b border-line bg-info-10 px-4 py-2 text-sm text-ink sm:px-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <MailWarning aria-hidden className="size-4 shrink-0 text-info" />
        <p className="min-w-0 flex-1">
          Please verify your email address. We sent a link to <strong className="break-all">{user.username}</strong>.
        </p>
        <Button variant="outline" size="sm" onClick={sendAgain} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend email'}
        </Button>
        <Button variant="ghost" size="icon" className="size-8" onClick={dismiss} aria-label="Dismiss">
          <X aria-hidden />
        </Button>
      </div>
    </section>
  );
}
