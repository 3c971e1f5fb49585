import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenIcon } from './TokenIcon';

describe('TokenIcon', () => {
  it('loads the logo lazily, without referrer', () => {
    render(<TokenIcon logoUri="https://example.org/dev.png" symbol="DEV" />);
    const image = screen.getByTestId('token-logo');
    expect(image).toHaveAttribute('src', 'https://example.org/dev.png');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('falls back to a letter avatar when the logo fails, is missing or is not an image URL', () => {
    const { rerender } = render(<TokenIcon logoUri="https://example.org/broken.png" symbol="dusd" />);
    fireEvent.error(screen.getByTestId('token-logo'));
    expect(screen.getByTestId('token-avatar')).toHaveTextContent('D');
    rerender(<TokenIcon logoUri={null} symbol="eth" />);
    expect(screen.getByTestId('token-avatar')).toHaveTextContent('E');
    rerender(<TokenIcon logoUri="javascript:alert(1)" symbol="" name="Zed" />);
    expect(screen.getByTestId('token-avatar')).toHaveTextContent('Z');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
