import { describe, expect, it } from 'vitest';
import { stringToHex } from 'viem';
import { teamSafe } from '../../../testing';
import { toAppOrigin } from './appStore';
import { readManifest } from './manifest';
import { appSafeInfo, messageText } from './sdkAnswers';

describe('app URLs', () => {
  it('accepts http(s) apps only', () => {
    expect(toAppOrigin('https://app.example/path?x=1')).toBe('https://app.example');
    expect(toAppOrigin('http://127.0.0.1:5175/test-app/')).toBe('http://127.0.0.1:5175');
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://x',
      'nonsense',
      '',
    ])
      expect(toAppOrigin(url)).toBeUndefined();
  });
});

describe('manifests', () => {
  it('keeps text fields, cut and on one line, and an http(s) icon only', () => {
    expect(
      readManifest(
        { name: ` A\u0000pp ${'x'.repeat(200)}`, description: 'Does <b>things</b>', iconPath: 'logo.svg' },
        'https://app.example/tool',
      ),
    ).toEqual({
      name: expect.stringMatching(/^A pp x+…$/),
      description: 'Does <b>things</b>',
      iconUrl: 'https://app.example/tool/logo.svg',
    });
    expect(
      readManifest({ name: 'A', icons: [{ src: 'javascript:alert(1)' }] }, 'https://app.example/'),
    ).toEqual({
      name: 'A',
      description: '',
      iconUrl: null,
    });
    expect(readManifest({ description: 'no name' }, 'https://app.example/')).toBeNull();
    expect(readManifest('nope', 'https://app.example/')).toBeNull();
    expect(readManifest({ name: 5, short_name: 'Short' }, 'https://app.example/')?.name).toBe('Short');
  });
});

describe('SDK answers', () => {
  it('describes the Safe as the SDK expects', () => {
    expect(appSafeInfo(teamSafe, '31337', true)).toEqual({
      safeAddress: teamSafe.address.value,
      chainId: 31337,
      owners: teamSafe.owners.map((owner) => owner.value),
      threshold: teamSafe.threshold,
      isReadOnly: true,
      nonce: teamSafe.nonce,
      implementation: teamSafe.implementation.value,
      modules: teamSafe.modules?.map((module) => module.value) ?? null,
      fallbackHandler: teamSafe.fallbackHandler?.value ?? null,
      guard: teamSafe.guard?.value ?? null,
      version: teamSafe.version,
    });
  });
  it('signs the provider’s hex-encoded text as the text, and other hex as written', () => {
    expect(messageText(stringToHex('Hello, Safe\nline two'))).toBe('Hello, Safe\nline two');
    expect(messageText('plain text')).toBe('plain text');
    const hash = `0x${'00ff'.repeat(16)}`;
    expect(messageText(hash)).toBe(hash);
    expect(messageText('0x0102')).toBe('0x0102');
  });
});
