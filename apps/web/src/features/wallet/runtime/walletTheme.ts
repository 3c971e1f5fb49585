import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit';

/**
 * RainbowKit in the app's look: the same blue accent (the specification's default accent colour)
 * and radii, light or dark following the system like the app's own stylesheet (app.css).
 */
const shared = { borderRadius: 'medium', fontStack: 'system', overlayBlur: 'small' } as const;

export const walletTheme = {
  lightMode: lightTheme({ ...shared, accentColor: '#2563eb', accentColorForeground: '#ffffff' }),
  darkMode: darkTheme({ ...shared, accentColor: '#60a5fa', accentColorForeground: '#0b1220' }),
};
