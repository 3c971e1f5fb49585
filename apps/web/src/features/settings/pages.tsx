// The settings feature's views, loaded on demand (see index.ts).
export { SettingsPage } from './SettingsPage';
