// Test support for the web app's component tests: shared data and the render helpers.
export * from './fixtures';
export * from './render';
