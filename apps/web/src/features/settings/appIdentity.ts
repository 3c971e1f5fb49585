import { name, version } from '../../../package.json';
import type { AppIdentity } from './registration';

/**
 * The app as a notification registration names it: the web app's package and version. There is no
 * separate build counter, so the build number is the version too.
 */
export const appIdentity: AppIdentity = { bundle: name, version, buildNumber: version };
