import rainbowKitCss from '@rainbow-me/rainbowkit/styles.css?inline';

const elementId = 'countersign-rainbowkit-styles';

/**
 * RainbowKit's stylesheet (27 kB of its 116 kB, before gzip) arrives with the wallet's chunk rather
 * than in the app's one stylesheet, which every first paint waits for and which nothing RainbowKit
 * draws is part of: its modal and buttons render only once this chunk has run. Placed first in
 * <head>, so the app's rules still win over RainbowKit's as they did when it was part of the sheet.
 */
export function addRainbowKitStyles(doc: Document = document): void {
  if (doc.getElementById(elementId) !== null) return;
  const style = doc.createElement('style');
  style.id = elementId;
  style.textContent = rainbowKitCss;
  doc.head.prepend(style);
}
