// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { addRainbowKitStyles } from './rainbowKitStyles';

describe('addRainbowKitStyles', () => {
  it('adds RainbowKit’s rules once, ahead of the app’s stylesheet so that the app’s rules win', () => {
    document.head.innerHTML = '<title>Countersign</title><link rel="stylesheet">';
    addRainbowKitStyles();
    addRainbowKitStyles();
    const added = document.head.querySelectorAll('style');
    expect(added).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(added[0]);
    expect(
      added[0]!.compareDocumentPosition(document.head.querySelector('link[rel="stylesheet"]')!) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
