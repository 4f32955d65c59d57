// Runs wapiti 3.0.4 against the app's GET routes (start URLs from the OpenAPI document) and the web app, and reads
// its JSON report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runLogged } from './processes.mjs';

/**
 * The attack modules of wapiti 3.0.4 that apply to this product. Left out: brute_login_form (password guessing),
 * buster (path brute force; the web app answers every unknown page with itself), nikto and wapp (they download their
 * databases from the internet).
 */
export const WAPITI_MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'crlf',
  'redirect',
  'ssrf',
  'xxe',
  'shellshock',
  'htaccess',
  'methods',
  'backup',
  'csrf',
  'csp',
  'http_headers',
  'cookieflags',
];

/**
 * Reports that are right by the letter of wapiti 3.0.4 but not weaknesses, each with the condition under which the
 * reason holds; the run checks that condition against the live app before accepting the report.
 */
export const ACCEPTED_REPORTS = [
  {
    category: 'HTTP Secure Headers',
    info: 'X-XSS-Protection is not set',
    reason:
      'the app sends "X-XSS-Protection: 0" on purpose: browsers dropped the XSS auditor that header drove, and ' +
      '"1; mode=block" opened cross-site leaks in those that had it. The Content-Security-Policy (script-src ' +
      "'self') is the protection; wapiti 3.0.4 only accepts a value starting with 1.",
    holds: (headers) =>
      headers.get('x-xss-protection') === '0' && /script-src 'self'/.test(headers.get('content-security-policy') ?? ''),
  },
];

export async function runWapiti({ baseUrl, token, startUrls, outDir, endpointUrl, maxScanSeconds, maxAttackSeconds }) {
  const reportFile = path.join(outDir, 'wapiti-report.json');
  const configDir = path.join(outDir, 'config');
  // Wapiti 3.0.4 loads every module, chosen or not, and its "wapp" module then downloads its database from GitHub
  // (with our headers, the bearer token included) unless one is in the config folder: an empty one keeps it offline.
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'apps.json'), JSON.stringify({ apps: {}, categories: {} }));
  const args = [
    '--url',
    `${baseUrl}/`,
    // The folder of "/" on this origin is the whole app, and nothing else: other hosts and ports are out of scope.
    '--scope',
    'folder',
    ...startUrls.flatMap((url) => ['--start', url]),
    '--module',
    WAPITI_MODULES.join(','),
    '--header',
    `Authorization: Bearer ${token}`,
    '--endpoint',
    endpointUrl,
    '--max-scan-time',
    String(maxScanSeconds),
    '--max-attack-time',
    String(maxAttackSeconds),
    '--timeout',
    '20',
    '--flush-session',
    '--store-session',
    path.join(outDir, 'session'),
    '--store-config',
    configDir,
    '--format',
    'json',
    '--output',
    reportFile,
    // Wapiti otherwise uploads its own crash reports to its authors' server.
    '--no-bugreport',
    // Level 2 prints every payload request, which gives the count per module.
    '--verbose',
    '2',
  ];
  let module = '';
  const attacked = {};
  const stoppedModules = new Set();
  const result = await runLogged('wapiti', args, {
    logFile: path.join(outDir, 'wapiti.log'),
    // In wapiti 3.0.4 --max-scan-time bounds the crawl and --max-attack-time each module, one after the other.
    timeoutMs: (maxScanSeconds + WAPITI_MODULES.length * maxAttackSeconds + 120) * 1_000,
    onLine: (line) => {
      const launching = /\[\*\] Launching module (\w+)/.exec(line);
      if (launching) {
        module = launching[1];
        attacked[module] = 0;
        console.log(`  wapiti: module ${module}`);
      }
      if (module && /^(\[¨\]|\+) /.test(line)) attacked[module] += 1;
      if (/max attack time was reached/i.test(line)) stoppedModules.add(module);
    },
  });
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const reports = [];
  for (const kind of ['vulnerabilities', 'anomalies']) {
    for (const [category, entries] of Object.entries(report[kind] ?? {})) {
      for (const entry of entries) reports.push({ kind, category, ...entry });
    }
  }
  return {
    reportFile,
    exitCode: result.code,
    timedOut: result.timedOut,
    crawled: Number(/found (\d+) URLs and forms/.exec(result.output)?.[1] ?? 0),
    crawlCut: /max scan time was reached/i.test(result.output),
    stoppedModules: [...stoppedModules],
    attacked,
    reports,
  };
}

/** Splits wapiti's reports into findings and accepted ones, checking each acceptance against the app's headers. */
export function judgeWapitiReports(reports, rootHeaders) {
  const findings = [];
  const accepted = [];
  for (const report of reports) {
    const rule = ACCEPTED_REPORTS.find((item) => item.category === report.category && item.info === report.info);
    if (rule?.holds(rootHeaders)) accepted.push({ ...report, reason: rule.reason });
    else findings.push(report);
  }
  return { findings, accepted };
}
