// `npm start`: install if needed, build the web app if stale, then run the product.
import { ensureInstall } from './ensure-install.mjs';
import { buildWebIfStale } from './build-web.mjs';
import { runApi } from './run-api.mjs';

ensureInstall();
buildWebIfStale();
runApi().on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
