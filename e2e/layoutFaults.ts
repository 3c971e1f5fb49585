import type { Page } from '@playwright/test';

/**
 * What is wrong with the page's layout now: the document scrolling sideways, the header's controls
 * pushed past the left edge, and any box whose
 * content is a pixel or two taller or wider than it (a scrollbar it does not need, as a tab bar whose
 * tabs overlap its border, or a dialog a border too short for its body, showed).
 */
export async function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const faults: string[] = [];
    if (doc.scrollWidth > doc.clientWidth) {
      // The innermost boxes that reach past the screen's edge: what to fix.
      const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (element) =>
          element.getBoundingClientRect().right > doc.clientWidth + 1 &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > doc.clientWidth + 1),
      );
      const names = past
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`);
      faults.push(
        `document ${doc.scrollWidth} px wide in ${doc.clientWidth} (past the edge: ${names.join(', ')})`,
      );
    }
    // A header whose controls do not fit pushes them past the left edge, where nothing scrolls to.
    const pushedOut = [...document.querySelectorAll<HTMLElement>('header *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.left < -1;
    });
    if (pushedOut.length > 0) {
      const names = pushedOut
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`);
      faults.push(`the header starts left of the screen (${names.join(', ')})`);
    }
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      const tall = element.scrollHeight - element.clientHeight;
      const wide = element.scrollWidth - element.clientWidth;
      const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
      if (scrolls(style.overflowY) && tall > 0 && tall <= 2)
        faults.push(`${name}: ${tall} px taller than its box`);
      if (scrolls(style.overflowX) && wide > 0 && wide <= 2)
        faults.push(`${name}: ${wide} px wider than its box`);
    }
    return faults;
  });
}
