import { describe, expect, it } from 'vitest';
import type { TypedData } from '@countersign/gateway-api';
import { messagePreview, messageStatusLabels, parseOrigin, PREVIEW_MAX_LENGTH } from './messageContent';

const typed = (domain: TypedData['domain'], primaryType = 'Mail'): TypedData => ({
  domain,
  primaryType,
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  message: { contents: 'hi' },
});

describe('messagePreview', () => {
  it('folds a text message onto one line', () => {
    expect(messagePreview('Approve\n\n  the   budget\tfor 2027\n')).toBe('Approve the budget for 2027');
  });

  it('cuts a long text with an ellipsis, at the preview length', () => {
    const preview = messagePreview('word '.repeat(20_000));
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX_LENGTH);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('marks a text whose folded start fits but whose rest was not read', () => {
    const text = `${'a'.repeat(10)}${' '.repeat(PREVIEW_MAX_LENGTH * 4)}tail`;
    expect(messagePreview(text)).toBe(`${'a'.repeat(10)}…`);
  });

  it('never cuts an emoji in half', () => {
    const preview = messagePreview('😀'.repeat(PREVIEW_MAX_LENGTH * 2));
    expect(preview).toBe(`${'😀'.repeat(PREVIEW_MAX_LENGTH - 1)}…`);
  });

  it('says when a text message is empty or blank', () => {
    expect(messagePreview('')).toBe('(empty message)');
    expect(messagePreview(' \n ')).toBe('(blank message)');
  });

  it('names typed data by its primary type and domain name', () => {
    expect(messagePreview(typed({ name: 'Ether Mail', version: '1' }))).toBe(
      'Typed data: Mail on Ether Mail',
    );
    expect(messagePreview(typed({ chainId: 1 }, 'Permit'))).toBe('Typed data: Permit');
  });
});

describe('message status labels', () => {
  it('words the specification’s two states, and a status this client does not know', () => {
    expect(messageStatusLabels).toEqual({
      NEEDS_CONFIRMATION: 'Needs confirmation',
      CONFIRMED: 'Confirmed',
      UNKNOWN: 'Unknown status',
    });
  });
});

describe('parseOrigin', () => {
  it('reads the name and url of a JSON origin', () => {
    expect(parseOrigin('{"name":"Countersign demo","url":"https://app.example"}')).toEqual({
      name: 'Countersign demo',
      url: 'https://app.example',
    });
  });

  it('keeps any other origin as text, and none as null', () => {
    expect(parseOrigin('https://app.example')).toEqual({ text: 'https://app.example' });
    expect(parseOrigin('{"other":1}')).toEqual({ text: '{"other":1}' });
    expect(parseOrigin(null)).toBeNull();
    expect(parseOrigin('  ')).toBeNull();
  });
});
