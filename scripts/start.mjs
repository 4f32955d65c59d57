// `npm start`: check the Node.js version, install if needed, build the web app if stale, then run the product.
import { ensureNodeVersion } from './check-node.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { buildWebIfStale } from './build-web.mjs';
import { runApi } from './run-api.mjs';

ensureNodeVersion();
ensureInstall();
buildWebIfStale();
runApi().on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
