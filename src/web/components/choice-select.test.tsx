import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceSelect } from './choice-select';

const SIZES = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large' },
] as const;

describe('ChoiceSelect', () => {
  it('is named by its label, shows the current choice and tells each new one', () => {
    const onChange = vi.fn();
    render(<ChoiceSelect label="Pack size" value="small" choices={SIZES} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Pack size' });
    expect(select).toHaveProperty('value', 'small');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Small', 'Large']);

    fireEvent.change(select, { target: { value: 'large' } });
    expect(onChange).toHaveBeenCalledWith('large');
  });
});
