import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '../../lib/class-names';
import { initials } from '../../lib/initials';

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-20 text-2xl',
} as const;

interface UserAvatarProps {
  fullName: string | null | undefined;
  avatarUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/** The user's picture, or their initials until it loads or when there is none. */
export function UserAvatar({ fullName, avatarUrl, size = 'md', className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex shrink-0 overflow-hidden rounded-full bg-brand-20 align-middle',
        sizes[size],
        className,
      )}
    >
      {avatarUrl ? <AvatarPrimitive.Image src={avatarUrl} alt={fullName ?? ''} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center font-semibold text-brand-100"
        delayMs={avatarUrl ? 300 : 0}
      >
        {initials(fullName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
