const operationsPaths = new Set(['/health', '/livez', '/readyz', '/metrics']);

/**
 * What orchestrators and monitoring ask: never refused, limited or cut short, or a busy replica
 * would look dead to them and be restarted when it most needs to keep working.
 */
export const isOperationsPath = (path: string): boolean => operationsPaths.has(path.replace(/\/$/, ''));

/** The test-only snapshot routes (testControl/): the test runner's, not a client's. */
export const isTestControlPath = (path: string): boolean => path.startsWith('/__test/');
