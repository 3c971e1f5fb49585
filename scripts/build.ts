import { loadArtifacts } from '../services/devnet/src/contracts/compile';
import { buildWeb } from './webBuild';

/** `npm run build`: compiles the devnet's contracts (cached) and builds the web app. */
loadArtifacts();
buildWeb();
