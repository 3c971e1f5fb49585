import type { ComponentType } from 'react';
import { settingsSections, type SettingsSection } from '../safe';

/** The sections this feature builds itself; the others are supplied by the features that own them. */
const ownSections = ['setup', 'modules', 'security', 'network', 'delegates', 'notifications'] as const;
export type OwnSection = (typeof ownSections)[number];

/** A settings section another feature owns (Safe Apps: its permissions), given by the app's composition. */
export type SuppliedSection = {
  id: Exclude<SettingsSection, OwnSection>;
  label: string;
  Component: ComponentType;
};

export const ownSectionLabels: Record<OwnSection, string> = {
  setup: 'Setup',
  modules: 'Modules',
  security: 'Security',
  network: 'Network',
  delegates: 'Delegates',
  notifications: 'Notifications',
};

export type SectionTab = { id: SettingsSection; label: string };

/** The tabs, in the order of the Safe's settings paths: this feature's sections and those supplied. */
export function sectionTabs(supplied: readonly SuppliedSection[]): SectionTab[] {
  return settingsSections.flatMap((id): SectionTab[] => {
    if ((ownSections as readonly string[]).includes(id))
      return [{ id, label: ownSectionLabels[id as OwnSection] }];
    const other = supplied.find((section) => section.id === id);
    return other ? [{ id, label: other.label }] : [];
  });
}

/** The section a URL names (none: setup), or undefined for one that does not exist here. */
export function sectionOf(
  tabs: readonly SectionTab[],
  param: string | undefined,
): SettingsSection | undefined {
  const value = param ?? 'setup';
  return tabs.find((tab) => tab.id === value)?.id;
}
