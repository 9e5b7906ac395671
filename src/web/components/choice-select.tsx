import { useId } from 'react';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

interface ChoiceSelectProps<Value extends string> {
  label: string;
  value: Value;
  choices: readonly Choice<Value>[];
  /** Told only a value among `choices`: whatever else the element reports is ignored. */
  onChange: (value: Value) => void;
  /** `lg` beside large inputs (the catalogue's toolbar). */
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A labelled drop-down of a fixed set of choices, for the filters and sorts that lists keep in their
 * address (the catalogue's sort, My Orders' view, Manage All Orders' status).
 */
export function ChoiceSelect<Value extends string>({
  label,
  value,
  choices,
  onChange,
  size = 'md',
  className = 'w-full sm:w-64',
}: ChoiceSelectProps<Value>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        className={`select ${size === 'lg' ? 'select-lg' : ''} w-full bg-white text-base text-slate-900`}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
