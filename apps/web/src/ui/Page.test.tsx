import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Page, TitleSuffix } from './Page';

describe('Page', () => {
  it('sets the document title with the Safe it belongs to', () => {
    render(
      <TitleSuffix value="Team Safe">
        <Page title="Assets">content</Page>
      </TitleSuffix>,
    );
    expect(document.title).toBe('Assets · Team Safe · Countersign');
    expect(document.querySelector('h1')).toHaveTextContent('Assets');
  });
});
