import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
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
  /**
   * 'inline': a compact trigger drawn by `renderOption` (a status badge in a table row), not a form
   * field. Its Radix select is mounted on first use (see InlineSelect).
   */
  appearance?: 'field' | 'inline';
  /** How an option looks, in the list and, for the chosen one, on the trigger; its label by default. */
  renderOption?: (option: SelectOption) => ReactNode;
}

const inlineTriggerClasses = cn(
  'inline-flex h-8 items-center gap-1 rounded-full py-0.5 pr-2 pl-0.5 whitespace-nowrap text-sm',
  'hover:bg-surface-3 data-[state=open]:bg-surface-3 aria-busy:cursor-progress',
);

export function Select(props: SelectProps) {
  return props.appearance === 'inline' ? <InlineSelect {...props} /> : <RadixSelect {...props} />;
}

/**
 * One Radix select mounts a dozen context providers, a collection and a popper: in a page of 100
 * project rows they were most of the first render (docs/performance.md). A row's select is first
 * drawn as the closed trigger alone, the same combobox by role, name, value and look, and becomes
 * Radix's, opened, when it is first used: pressed, clicked, or Enter, Space or an arrow key.
 */
function InlineSelect(props: SelectProps) {
  const [used, setUsed] = useState(false);
  if (used) return <RadixSelect {...props} defaultOpen />;
  const { value, options, ariaLabel, disabled, className, renderOption, ...aria } = props;
  const chosen = options.find((option) => option.value === value);
  const use = () => !disabled && setUsed(true);
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-label={ariaLabel}
      aria-busy={aria['aria-busy']}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      data-state="closed"
      disabled={disabled}
      className={cn(inlineTriggerClasses, className)}
      // Radix opens a select on a mouse's press, not its release: so does this one.
      onPointerDown={(event) => {
        if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        use();
      }}
      // Touch and pen open on the click (a press may start a scroll), as do Enter and Space.
      onClick={use}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        use();
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{chosen && renderOption ? renderOption(chosen) : chosen?.label}</span>
      <span aria-hidden>
        <ChevronDown className="size-4 text-ink-2" aria-hidden />
      </span>
    </button>
  );
}

function RadixSelect({
  id,
  value,
  onValueChange,
  options,
  ariaLabel,
  disabled,
  placeholder,
  className,
  appearance = 'field',
  renderOption,
  defaultOpen,
  ...aria
}: SelectProps & { defaultOpen?: boolean }) {
  const chosen = options.find((option) => option.value === value);
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        className={cn(
          appearance === 'field'
            ? cn(fieldClasses, 'inline-flex h-10 items-center justify-between gap-2 text-left')
            : inlineTriggerClasses,
          className,
        )}
        {...aria}
      >
        <SelectPrimitive.Value placeholder={placeholder}>
          {renderOption && chosen ? renderOption(chosen) : undefined}
        </SelectPrimitive.Value>
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
