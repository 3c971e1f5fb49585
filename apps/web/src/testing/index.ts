// Test support for the web app's component tests: shared data, the app's services and the render
// helpers, a Safe's page among them.
export * from './fixtures';
export * from './render';
export * from './services';
export * from './safePage';
export * from './signer';
