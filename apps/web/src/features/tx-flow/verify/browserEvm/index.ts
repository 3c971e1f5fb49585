export { executeStateChangesInBrowser } from './executeInBrowser';
