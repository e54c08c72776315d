import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const options = [
  { value: 'planning', label: 'Planning' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

function RowStatus({ onChange, disabled }: { onChange: (value: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState('planning');
  return (
    <Select
      appearance="inline"
      ariaLabel="Status of Spring launch"
      value={value}
      disabled={disabled}
      options={options}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      renderOption={(option) => <b>{option.label}</b>}
    />
  );
}

describe('an inline select (a row of a table)', () => {
  beforeAll(() => {
    // Radix Select's list scrolls to the chosen option and captures the pointer: jsdom has neither.
    Element.prototype.scrollIntoView = () => undefined;
    Element.prototype.hasPointerCapture = () => false;
    Element.prototype.releasePointerCapture = () => undefined;
  });
  afterEach(cleanup);

  it('is drawn closed as a combobox with its name and chosen value, its list not mounted', () => {
    render(<RowStatus onChange={() => {}} />);
    const status = screen.getByRole('combobox', { name: 'Status of Spring launch' });
    expect(status).toHaveTextContent('Planning');
    expect(status).toHaveAttribute('aria-expanded', 'false');
    expect(status).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens on its first click with every option, and the choice is saved', async () => {
    const onChange = vi.fn();
    render(<RowStatus onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Spring launch' }));
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Planning', 'In Progress', 'Completed']);
    await userEvent.click(screen.getByRole('option', { name: 'Completed' }));
    expect(onChange).toHaveBeenCalledWith('completed');
    expect(screen.getByRole('combobox', { name: 'Status of Spring launch' })).toHaveTextContent('Completed');
  });

  it.each(['{ArrowDown}', '{Enter}', ' '])(
    'opens from the keyboard (%s), and focus comes back to it after choosing',
    async (key) => {
      const onChange = vi.fn();
      render(<RowStatus onChange={onChange} />);
      await userEvent.tab();
      expect(screen.getByRole('combobox', { name: 'Status of Spring launch' })).toHaveFocus();
      await userEvent.keyboard(key);
      expect(await screen.findByRole('listbox')).toBeInTheDocument();
      screen.getByRole('option', { name: 'In Progress' }).focus();
      await userEvent.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledWith('in_progress');
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(screen.getByRole('combobox', { name: 'Status of Spring launch' })).toHaveFocus();
    },
  );

  it('does not open while disabled', async () => {
    render(<RowStatus onChange={() => {}} disabled />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status of Spring launch' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
