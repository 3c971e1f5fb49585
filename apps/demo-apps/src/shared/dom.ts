/**
 * A tiny element builder. Text is always set as text (textContent), never parsed as HTML: whatever
 * the Safe wallet or the user hands the apps (names, ABIs, errors) is shown as it is.
 */
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (name === 'value' && 'value' in element) (element as HTMLInputElement).value = String(value);
    else element.setAttribute(name === 'className' ? 'class' : name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element as T;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    // viem wraps what the provider threw (the Safe wallet's own words): show the innermost error.
    let inner: Error = error;
    while (inner.cause instanceof Error) inner = inner.cause;
    // viem's errors carry the short message first and a long report after it.
    const short = (inner as { shortMessage?: unknown }).shortMessage;
    return typeof short === 'string' && short ? short : inner.message;
  }
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** JSON with bigints as decimal strings. */
export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(
    value,
    (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item),
    indent,
  );
}
