import type { SettingsSection } from '../safe';

/** The sections built so far, in the tabs' order. */
export const builtSections = ['setup', 'modules', 'network', 'delegates', 'notifications', 'apps'] as const;
export type BuiltSection = (typeof builtSections)[number] & SettingsSection;

export const sectionLabels: Record<BuiltSection, string> = {
  setup: 'Setup',
  modules: 'Modules',
  network: 'Network',
  delegates: 'Delegates',
  notifications: 'Notifications',
  apps: 'Safe Apps',
};

/** The section a URL names (none: setup), or undefined for one that does not exist here. */
export function sectionOf(param: string | undefined): BuiltSection | undefined {
  const value = param ?? 'setup';
  return (builtSections as readonly string[]).includes(value) ? (value as BuiltSection) : undefined;
}
