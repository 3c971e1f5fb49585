import { lazy } from 'react';

// Backup and moving in: all Countersign keeps in this browser in one file, restored without
// overwriting; Safe{Wallet}'s data export brought in. A settings section, supplied by the app.
export const BackupSettingsSection = lazy(() =>
  import('./BackupSettingsSection').then((module) => ({ default: module.BackupSettingsSection })),
);
