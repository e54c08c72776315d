import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { AppNavLinks } from './app-nav-links';

/** Phones have no sidebar: a menu button opens the same links in a sheet (focus kept inside). */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
        aria-label="Open navigation menu"
      >
        <Menu aria-hidden />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/50 animate-fade-in md:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-lg animate-fade-in md:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <DialogPrimitive.Title asChild>
              <Link to="/dashboard" onClick={close} className="rounded-md no-underline" aria-label="Growthwise dashboard">
                <Logo />
              </Link>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              aria-label="Close navigation menu"
            >
              <X aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Main" className="p-3">
            <AppNavLinks onNavigate={close} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
