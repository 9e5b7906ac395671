import { useId, type ComponentPropsWithRef } from 'react';

interface FieldShellProps {
  label: string;
  error?: string;
  /** Light label and error text for dark sections. */
  onDark?: boolean;
  className?: string;
}

type InputFieldProps = FieldShellProps & Omit<ComponentPropsWithRef<'input'>, 'className'>;
type TextAreaFieldProps = FieldShellProps & Omit<ComponentPropsWithRef<'textarea'>, 'className'>;

function labelClass(onDark: boolean) {
  return `mb-1.5 block text-sm font-semibold ${onDark ? 'text-slate-100' : 'text-slate-800'}`;
}

function FieldError({ id, error, onDark }: { id: string; error?: string; onDark: boolean }) {
  if (!error) return null;
  return (
    <p id={id} className={`mt-1.5 text-sm font-medium ${onDark ? 'text-red-300' : 'text-error'}`}>
      {error}
    </p>
  );
}

/** A visible label, the input, and its error underneath, wired with aria-invalid and aria-describedby. */
export function InputField({ label, error, onDark = false, className = '', id, ...input }: InputFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass(onDark)}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`input input-lg w-full bg-white text-base text-slate-900 ${error ? 'input-error' : ''}`}
        {...input}
      />
      <FieldError id={errorId} error={error} onDark={onDark} />
    </div>
  );
}

export function TextAreaField({ label, error, onDark = false, className = '', id, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass(onDark)}>
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`textarea w-full bg-white text-base text-slate-900 ${error ? 'textarea-error' : ''}`}
        {...textarea}
      />
      <FieldError id={errorId} error={error} onDark={onDark} />
    </div>
  );
}

/**
 * A refusal from the server about the whole form (wrong credentials, an expired link), as small red
 * text under it. Announced when it appears; renders nothing without a message.
 */
export function FormError({ message, className = '' }: { message?: string; className?: string }) {
  return (
    <p role="alert" className={`text-sm font-medium text-error empty:hidden ${className}`}>
      {message}
    </p>
  );
}
