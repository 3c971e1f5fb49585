import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('reports a close the browser made, not the late close event of one React closed or replaced', () => {
    const onClose = vi.fn();
    const view = render(
      <Dialog open onClose={onClose} title="First" testId="first">
        body
      </Dialog>,
    );
    const first = view.getByTestId('first');
    // Escape or another close request the browser handles itself.
    fireEvent(first, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);

    view.rerender(
      <Dialog open={false} onClose={onClose} title="First" testId="first">
        body
      </Dialog>,
    );
    fireEvent(first, new Event('close'));
    view.unmount();
    fireEvent(first, new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
