// A form field with its label and, right under it, what is wrong with it in words: the error is tied to the
// field (aria-invalid, aria-describedby) so a screen reader says it when the field is focused.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { detailFor } from './refusals';
import './settings.css';

/** What a field needs to be tied to its label and its error. */
export interface FieldProps { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }

export function FieldError({ id, error }: { id: string; error?: string }) {
  // role=alert: the error is read out when it appears, not only when the field is focused again.
  return error ? <span id={id} className="field-error" role="alert">{error}</span> : null;
}

/** The props that tie a field to its error, for fields whose label is elsewhere (a table's column header). */
export function errorProps(errorId: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
}

export function Field({ label, error, hint, children }: { label: ReactNode; error?: string; hint?: ReactNode; children: (props: FieldProps) => ReactNode }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && <span id={`${id}-hint`} className="muted small">{hint}</span>}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Runs an action and, when the simulator refuses it, hands the refusal (an ApiError with its details) to `note`, to
 * show by the field, before the action runner says it in a toast too.
 */
export const noting = <T,>(fn: () => Promise<T>, note: (refusal: Error) => void) => async () => {
  try {
    return await fn();
  } catch (e) {
    note(e as Error);
    throw e;
  }
};

/**
 * What to show by `field` when the simulator refused it: the detail naming the field (or an item of its list) as the
 * simulator sent it; a refusal that names no field (a 409 "An app named demo already exists.") whole.
 */
export function refusalOf(refusal: Error, field: string): string {
  return detailFor(refusal, field) ?? refusal.message;
}

/** The checks that use the control API's zod schemas, in a chunk of their own (see field-checks.ts). */
export const fieldChecks = () => import('./field-checks');

/**
 * A form's ref, and a call that takes the keyboard to its first field that is wrong, once the render that shows
 * the errors is done: the errors may be set after an await (a lazily loaded check), when a timer could run first.
 */
export function useFocusFirstError() {
  const form = useRef<HTMLFormElement>(null);
  const [asked, ask] = useState(0);
  useEffect(() => {
    if (asked) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { form, focusFirstError: () => ask((n) => n + 1) };
}
