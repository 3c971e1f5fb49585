import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { parseAddressInput } from '../lib/addressInput';
import { checkedText } from '../lib/formSchema';
import { CASE_ADDRESS } from '../lib/addressInputCases';
import { TextField } from './Field';
import { quietlyParsed, shownError, useSchemaForm } from './schemaForm';

const schema = z.object({
  data: checkedText((input) =>
    input.startsWith('0x') ? { ok: true, value: input } : { ok: false, error: 'Paste the data.' },
  ),
  to: checkedText((input) => parseAddressInput(input)),
});

function TwoFields({
  onSubmit,
  onPeek = () => {},
}: {
  onSubmit: (values: z.output<typeof schema>) => void;
  onPeek?: (values: z.output<typeof schema> | undefined) => void;
}) {
  const form = useSchemaForm(schema, { data: '', to: '' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <TextField label="Data" {...form.register('data')} error={shownError(form, 'data')} />
      <TextField label="To" {...form.register('to')} error={shownError(form, 'to')} />
      <button type="button" onClick={() => onPeek(quietlyParsed(form))}>
        Peek
      </button>
      <button type="submit">Go</button>
    </form>
  );
}

describe('the form model', () => {
  it('reads the rules’ values quietly: nothing while a field is wrong, and no error shown for asking', async () => {
    const user = userEvent.setup();
    const onPeek = vi.fn();
    render(<TwoFields onSubmit={vi.fn()} onPeek={onPeek} />);
    await user.click(screen.getByLabelText('Data'));
    await user.paste('0xabcd');
    await user.click(screen.getByRole('button', { name: 'Peek' }));
    expect(onPeek).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter an address.')).toBeNull();

    await user.click(screen.getByLabelText('To'));
    await user.paste(` ${CASE_ADDRESS.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Peek' }));
    expect(onPeek).toHaveBeenLastCalledWith({ data: '0xabcd', to: CASE_ADDRESS });
  });

  it('shows no error for a field the user has not reached, one once they leave it', async () => {
    const user = userEvent.setup();
    render(<TwoFields onSubmit={vi.fn()} />);
    await user.click(screen.getByLabelText('Data'));
    await user.paste('0xabcd');
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter an address.')).toBeNull();

    await user.click(screen.getByLabelText('To'));
    await user.tab();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Enter an address.');
    // From then on it follows the typing.
    await user.click(screen.getByLabelText('To'));
    await user.paste(CASE_ADDRESS.toLowerCase());
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
  });

  it('shows every error on submit, focuses the first, and hands over the rules’ values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TwoFields onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByLabelText('Data')).toHaveAccessibleDescription('Paste the data.');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Enter an address.');
    expect(screen.getByLabelText('Data')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Data'), '0x12');
    await user.type(screen.getByLabelText('To'), ` ${CASE_ADDRESS.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledWith({ data: '0x12', to: CASE_ADDRESS }, expect.anything());
  });
});
