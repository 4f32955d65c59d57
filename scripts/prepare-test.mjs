// First step of `npm test`: everything the long run needs is checked or installed here, so a fresh
// machine either gets ready or stops at once with one line, before minutes of unit tests.
// Only Node built-ins may be used here: it runs before the dependencies are installed.
import { ensureNodeVersion } from './check-node.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall } from './ensure-install.mjs';

ensureNodeVersion();
ensureInstall();
ensureChromium();
