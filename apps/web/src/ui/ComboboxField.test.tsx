import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ComboboxField, type ComboboxOption } from './ComboboxField';

const fruits: ComboboxOption[] = [
  { key: 'a', label: 'Apple' },
  { key: 'b', label: 'Banana', detail: 'yellow' },
  { key: 'c', label: 'Cherry', note: 'Red' },
];

function Fruit({ onChoose }: { onChoose: (option: ComboboxOption) => void }) {
  const [text, setText] = useState('');
  const options = fruits.filter((fruit) => fruit.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <ComboboxField
        label="Fruit"
        value={text}
        onChange={(event) => setText(event.target.value)}
        options={options}
        listLabel="Fruits"
        onChoose={(option) => {
          setText(option.label);
          onChoose(option);
        }}
        testId="fruit"
      />
      <button type="submit">Go</button>
    </form>
  );
}

function setup() {
  const onChoose = vi.fn<(option: ComboboxOption) => void>();
  const user = userEvent.setup();
  render(<Fruit onChoose={onChoose} />);
  const input = screen.getByRole('combobox', { name: 'Fruit' });
  const list = screen.getByTestId('fruit-suggestions');
  return { user, onChoose, input, list };
}

describe('ComboboxField', () => {
  it('opens as the user types, with each option named by all its parts', async () => {
    const { user, input, list } = setup();
    expect(list).not.toBeVisible();
    expect(input).toHaveAttribute('aria-controls', list.id);
    await user.type(input, 'r');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    expect(within(list).getByRole('option', { name: 'Cherry Red' })).toBeVisible();
    await user.type(input, 'x');
    // Nothing matches: no empty list.
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves round the list with the arrow keys and takes the active option with Enter', async () => {
    const { user, input, list, onChoose } = setup();
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    const options = within(list).getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(fruits[1]);
    expect(input).toHaveValue('Banana');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes on Escape and Tab without taking anything', async () => {
    const { user, input, list, onChoose } = setup();
    await user.type(input, 'a');
    expect(list).toBeVisible();
    await user.keyboard('{Escape}');
    expect(list).not.toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(list).toBeVisible();
    await user.tab();
    expect(list).not.toBeVisible();
    expect(onChoose).not.toHaveBeenCalled();
    expect(input).toHaveValue('a');
  });
});
