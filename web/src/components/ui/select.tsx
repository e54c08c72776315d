import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { fieldClasses } from './input';

interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  /** The accessible name when no <label htmlFor={id}> names it (an inline status dropdown). */
  ariaLabel?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-busy'?: boolean;
  /** 'inline': a compact trigger drawn by `renderOption` (a status badge in a table row), not a form field. */
  appearance?: 'field' | 'inline';
  /** How an option looks, in the list and, for the chosen one, on the trigger; its label by default. */
  renderOption?: (option: SelectOption) => ReactNode;
}

const inlineTriggerClasses = cn(
  'inline-flex h-8 items-center gap-1 rounded-full py-0.5 pr-2 pl-0.5 whitespace-nowrap text-sm',
  'hover:bg-surface-3 data-[state=open]:bg-surface-3 aria-busy:cursor-progress',
);

export function Select({ id, value, onValueChange, options, ariaLabel, disabled, placeholder, className, appearance = 'field', renderOption, ...aria }: SelectProps) {
  const chosen = options.find((option) => option.value === value);
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        className={cn(appearance === 'field' ? cn(fieldClasses, 'inline-flex h-10 items-center justify-between gap-2 text-left') : inlineTriggerClasses, className)}
        {...aria}
      >
        <SelectPrimitive.Value placeholder={placeholder}>{renderOption && chosen ? renderOption(chosen) : undefined}</SelectPrimitive.Value>
        <SelectPrimitive.Icon>
          <ChevronDown className={cn('size-4', appearance === 'field' ? 'text-muted' : 'text-ink-2')} aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-line bg-surface shadow-md animate-fade-in"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-default items-center rounded-sm py-2 pr-8 pl-2 text-sm outline-none select-none data-[highlighted]:bg-brand-10 data-[highlighted]:text-brand-100 data-[disabled]:opacity-50"
              >
                <SelectPrimitive.ItemText>{renderOption ? renderOption(option) : option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2 inline-flex">
                  <Check className="size-4" aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
