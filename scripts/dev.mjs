// `npm run dev`: the API with restart on change and Vite with hot reload (proxying /api).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureNodeVersion } from './check-node.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { runApi } from './run-api.mjs';

ensureNodeVersion();
ensureInstall();

const root = fileURLToPath(new URL('..', import.meta.url));
const api = runApi({ watch: true });
const web = spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
const stopAll = () => {
  for (const child of [api, web]) if (child.exitCode === null) child.kill('SIGINT');
};
api.on('exit', stopAll);
web.on('exit', stopAll);
