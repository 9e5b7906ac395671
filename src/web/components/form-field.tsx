import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface FieldShellProps {
  /** Text, or text with a part only screen readers say (a row's name before its field's). */
  label: ReactNode;
  error?: string;
  /** A line under the control saying what to type; an error, when there is one, comes under it and is what the control announces. */
  hint?: string;
  /** Light label and error text for dark sections. */
  onDark?: boolean;
  className?: string;
}

type InputFieldProps = FieldShellProps & Omit<ComponentPropsWithRef<'input'>, 'className'>;
type TextAreaFieldProps = FieldShellProps & Omit<ComponentPropsWithRef<'textarea'>, 'className'>;
type SelectFieldProps = FieldShellProps & Omit<ComponentPropsWithRef<'select'>, 'className'>;

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

/** What the control inside a field needs: its id, and the ARIA that ties it to the error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A visible label, the control, its hint and its error underneath, wired with aria-invalid and aria-describedby. */
function Field({
  label,
  error,
  hint,
  onDark = false,
  className = '',
  id,
  control,
}: FieldShellProps & { id?: string; control: (props: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  // While there is an error it is what the control announces; the hint stays on screen (as the photo field does).
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClass(onDark)}>
        {label}
      </label>
      {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={`mt-1.5 text-sm ${onDark ? 'text-slate-300' : 'text-slate-600'}`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} onDark={onDark} />
    </div>
  );
}

export function InputField({ label, error, hint, onDark, className, id, ...input }: InputFieldProps) {
  return (
    <Field
      {...{ label, error, hint, onDark, className, id }}
      control={(aria) => (
        <input
          {...aria}
          className={`input input-lg w-full bg-white text-base text-slate-900 ${error ? 'input-error' : ''}`}
          {...input}
        />
      )}
    />
  );
}

export function TextAreaField({ label, error, hint, onDark, className, id, ...textarea }: TextAreaFieldProps) {
  return (
    <Field
      {...{ label, error, hint, onDark, className, id }}
      control={(aria) => (
        <textarea
          {...aria}
          className={`textarea w-full bg-white text-base text-slate-900 ${error ? 'textarea-error' : ''}`}
          {...textarea}
        />
      )}
    />
  );
}

/** A drop-down with its label and error, sized like `InputField` beside it; `children` are its options. */
export function SelectField({ label, error, hint, onDark, className, id, children, ...select }: SelectFieldProps) {
  return (
    <Field
      {...{ label, error, hint, onDark, className, id }}
      control={(aria) => (
        <select
          {...aria}
          className={`select select-lg w-full bg-white text-base text-slate-900 ${error ? 'select-error' : ''}`}
          {...select}
        >
          {children}
        </select>
      )}
    />
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
