/**
 * In-page script for a browser whose user asked to save data (Chromium's Network Information
 * API, `navigator.connection.saveData`), which Chromium has no switch for. Shared by the e2e tests
 * and the web benchmark.
 */
export const saveDataScript = `Object.defineProperty(Navigator.prototype, 'connection', {
  configurable: true,
  get: () => ({ saveData: true }),
})`;
