import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Label } from './label';

interface FormFieldProps {
  label: ReactNode;
  /** The id of the control; the label, hint and error are tied to it. */
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  /** The control: it receives aria-describedby and aria-invalid. */
  children: ReactNode;
}

/** A labelled field with its hint and its validation message under it (spec section 5). */
export function FormField({ label, htmlFor, hint, error, children }: FormFieldProps) {
  const hintId = `${htmlFor}-hint`;
  const errorId = `${htmlFor}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children as ReactElement<Record<string, unknown>>, {
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })
    : children;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {control}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {hint && error ? (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
