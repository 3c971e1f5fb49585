import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { metadataTree } from './metadata';
import { MetadataTree } from './MetadataTree';

describe('MetadataTree', () => {
  it('shows keys and values as text, nested objects under their key', () => {
    render(
      <MetadataTree
        testId="tree"
        node={metadataTree({ name: 'Gold #1', properties: { colour: 'gold', sizes: [1, 2] } })}
      />,
    );
    const tree = screen.getByTestId('tree');
    expect(tree).toHaveTextContent('name');
    expect(tree).toHaveTextContent('Gold #1');
    const nested = within(tree).getByText('colour').closest('dl')!;
    // The nested object is its own list, inside the outer one.
    expect(nested.parentElement!.closest('dl')).not.toBeNull();
    expect(within(nested).getByText('gold')).toBeInTheDocument();
    expect(
      within(tree)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '2']);
  });

  it('renders markup as text, creates no element from it, and links only http(s) URLs', () => {
    const hostile = {
      script: '<script>window.__pwned = 1</script>',
      img: '<img src=x onerror="window.__pwned = 1">',
      link: 'javascript:alert(1)',
      site: 'https://example.org/nft/1',
      '<b>key</b>': 'value',
    };
    const { container } = render(<MetadataTree testId="tree" node={metadataTree(hostile)} />);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(screen.getByText(hostile.script)).toBeInTheDocument();
    expect(screen.getByText(hostile.img)).toBeInTheDocument();
    expect(screen.getByText('<b>key</b>')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.org/nft/1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
