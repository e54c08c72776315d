import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';
import { textFieldClasses } from './input';

export function Textarea({
  className,
  rows = 4,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea rows={rows} className={cn(textFieldClasses, 'min-h-20 py-2', className)} {...props} />;
}
