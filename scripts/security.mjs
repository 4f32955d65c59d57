// `npm run security`: starts the product on 127.0.0.1 with a throw-away embedded PostgreSQL and the demo data, signs
// in as the Admin, and runs two scanners against it with that session: wapiti (web vulnerabilities, on every GET
// route of the OpenAPI document and the web app) and sqlmap (SQL injection, on every path id, query parameter and
// free-text JSON field). Exits 1 on any finding, 2 when a scanner could not cover what it was given, 0 otherwise.
// Traffic goes to this machine only. Reports and logs stay in .data/security/ until the next run. See docs/security.md.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { assertPortFree, createClient, launchApp } from './security/app.mjs';
import { serverErrorsIn } from './security/app-log.mjs';
import { startEndpoint } from './security/endpoint.mjs';
import { stopAllScanners } from './security/processes.mjs';
import { ensureScanners } from './security/scanners.mjs';
import { SQLMAP_SETTINGS, TECHNIQUE_NAMES, runSqlmapTarget } from './security/sqlmap.mjs';
import { prepareDemoObjects } from './security/prepare.mjs';
import { buildTargets, operationsOf, urlOf } from './security/targets.mjs';
import { judgeWapitiReports, runWapiti, WAPITI_MODULES } from './security/wapiti.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.SECURITY_PORT ?? 3190);
const pgPort = Number(process.env.SECURITY_PG_PORT ?? 54390);
const runDir = path.join(root, '.data/security');
const ADMIN = { email: 'admin@example.com', password: 'demo-password' };
/** Wapiti's budget: the crawl, then each module in turn (see docs/security.md for the whole run's time). */
const WAPITI_BUDGET = { maxScanSeconds: 120, maxAttackSeconds: 60 };

const startedAt = Date.now();
const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;

const versions = ensureScanners();
ensureInstall();
buildWebIfStale();
// Before anything is deleted: a busy port may be another run, whose folder this one must not remove.
await assertPortFree(port, 'SECURITY_PORT');
await assertPortFree(pgPort, 'SECURITY_PG_PORT');
rmSync(runDir, { recursive: true, force: true });
for (const dir of ['wapiti', 'sqlmap']) mkdirSync(path.join(runDir, dir), { recursive: true });

const endpoint = await startEndpoint();
console.log(`Starting the app on 127.0.0.1:${port} (log: ${path.relative(root, runDir)}/app.log)...`);
let app;
let stopping = false;
const stopEverything = async () => {
  stopAllScanners();
  await app?.stop();
  await endpoint.close();
};
// Ctrl-C or a kill: stop the scanners and the app, whatever the run was doing. Further signals while stopping are
// ignored, so a second Ctrl-C cannot leave the app's PostgreSQL behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the scanners and the app...`);
    void stopEverything().finally(() => process.exit(130));
  });
}
/** Called between steps, so a run being stopped starts nothing new. */
const checkNotStopping = () => {
  if (stopping) throw new Error('stopped');
};

try {
  app = launchApp({ root, dataDir: path.join(runDir, 'app'), port, pgPort, logFile: path.join(runDir, 'app.log') });
  await app.ready();
  process.exitCode = await scan(app.url, checkNotStopping);
} catch (error) {
  // After Ctrl-C the scanners die mid-run and their missing reports are no news.
  if (!stopping) console.error(`\nThe security run failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  if (!stopping) await stopEverything();
}

async function scan(baseUrl, checkNotStopping) {
  console.log(`App ready after ${elapsed()}. Signing in as ${ADMIN.email}.`);
  const client = createClient(baseUrl);
  await client.signIn(ADMIN.email, ADMIN.password);
  const docs = await client.get('/api/docs/json');
  if (docs.status !== 200 || !docs.body?.paths) throw new Error(`GET /api/docs/json answered ${docs.status}.`);
  const operations = operationsOf(docs.body);
  const prepared = await prepareDemoObjects(client, operations);
  const targets = await buildTargets(client, operations, prepared, (line) => console.log(`  note: ${line}`));
  const rootHeaders = (await fetch(`${baseUrl}/`)).headers;
  const incomplete = [];

  // wapiti: every GET route with its query, plus the web app, as start URLs.
  const startUrls = [
    `${baseUrl}/`,
    ...new Set(targets.filter((t) => t.method === 'GET').map((t) => `${baseUrl}${urlOf(t.path, t.query)}`)),
  ];
  checkNotStopping();
  console.log(`\nwapiti ${versions.wapiti}: ${WAPITI_MODULES.length} modules, ${startUrls.length} start URLs...`);
  const wapiti = await runWapiti({
    baseUrl,
    token: client.token,
    startUrls,
    outDir: path.join(runDir, 'wapiti'),
    endpointUrl: endpoint.url,
    ...WAPITI_BUDGET,
  });
  const wapitiJudged = judgeWapitiReports(wapiti.reports, rootHeaders);
  if (wapiti.timedOut) incomplete.push('wapiti: stopped at the run time limit');
  if (wapiti.crawlCut) incomplete.push(`wapiti: crawl cut at ${WAPITI_BUDGET.maxScanSeconds} s`);
  for (const module of wapiti.stoppedModules) {
    incomplete.push(`wapiti: module ${module} cut at ${WAPITI_BUDGET.maxAttackSeconds} s`);
  }
  if (wapiti.exitCode !== 0 && !wapiti.timedOut) incomplete.push(`wapiti: exit code ${wapiti.exitCode}`);
  await keepSession(client, 'wapiti', incomplete);

  // sqlmap: one run per target that has something to inject into (a body without free text has its other values).
  const sqlmapTargets = targets.filter(
    (t) => Object.keys(t.pathValues).length + t.query.length > 0 || t.body !== undefined,
  );
  console.log(`\nsqlmap ${versions.sqlmap}: ${sqlmapTargets.length} requests (after ${elapsed()})...`);
  const sqlmap = [];
  for (const [index, target] of sqlmapTargets.entries()) {
    checkNotStopping();
    const result = await runSqlmapTarget({
      baseUrl,
      token: client.token,
      target,
      outDir: path.join(runDir, 'sqlmap'),
      index,
    });
    sqlmap.push({ target, ...result });
    const verdict = result.findings.length > 0 ? 'INJECTABLE' : result.problems.length > 0 ? 'incomplete' : 'clean';
    console.log(
      `  ${String(index + 1).padStart(3)}/${sqlmapTargets.length} ${target.method} ${target.template}` +
        ` (${result.points} points, ${result.seconds} s): ${verdict}`,
    );
    for (const problem of result.problems) incomplete.push(`sqlmap ${target.method} ${target.template}: ${problem}`);
    await keepSession(client, `sqlmap on ${target.method} ${target.template}`, incomplete);
  }

  const findings = [
    ...groupWapitiFindings(wapitiJudged.findings),
    ...sqlmap.flatMap((r) =>
      r.findings.map((f) => `sqlmap ${r.target.method} ${r.target.template}: ${f}\n      ${r.url}`),
    ),
    ...sqlmap
      .filter((r) => (r.httpErrors['500'] ?? 0) > 0)
      .map((r) => `sqlmap ${r.target.method} ${r.target.template}: ${r.httpErrors['500']} answers 500 to its payloads`),
    ...endpoint.hits.map((hit) => `out-of-band endpoint contacted: ${hit.method} ${hit.path} (${hit.userAgent})`),
    ...serverErrorsIn(path.join(runDir, 'app.log')).map(
      ({ count, error }) => `app log: ${count} server error${count > 1 ? 's' : ''}: ${error}`,
    ),
  ];
  const summary = summarize({ targets, startUrls, wapiti, wapitiJudged, sqlmap, sqlmapTargets, findings, incomplete });
  writeFileSync(path.join(runDir, 'summary.txt'), summary);
  console.log(`\n${summary}`);
  return findings.length > 0 ? 1 : incomplete.length > 0 ? 2 : 0;
}

/** One line per kind, route and parameter (wapiti reports each module's payload apart), with one request to replay. */
function groupWapitiFindings(reports) {
  const groups = new Map();
  for (const report of reports) {
    const key = `${report.category}: ${report.method} ${report.path} parameter ${decodeURIComponent(report.parameter || '-')}`;
    const group = groups.get(key) ?? { count: 0, example: report };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups].map(
    ([key, { count, example }]) =>
      `wapiti ${key} (${count} payload${count > 1 ? 's' : ''}): ${example.info}\n      ${example.curl_command}`,
  );
}

/** A scanner may have ended the Admin session (a route that signs out, say): sign in again and say so. */
async function keepSession(client, after, incomplete) {
  const { status } = await client.get('/api/me');
  if (status === 200) return;
  incomplete.push(`the Admin session stopped working after ${after} (HTTP ${status}); signed in again`);
  await client.signIn(ADMIN.email, ADMIN.password);
}

function summarize({ targets, startUrls, wapiti, wapitiJudged, sqlmap, sqlmapTargets, findings, incomplete }) {
  const count = (items, predicate) => items.filter(predicate).length;
  const operations = new Set(targets.map((t) => `${t.method} ${t.template}`));
  const points = {
    path: sqlmapTargets.reduce((sum, t) => sum + Object.keys(t.pathValues).length, 0),
    query: sqlmapTargets.reduce((sum, t) => sum + t.query.length, 0),
    body: sqlmapTargets.reduce((sum, t) => sum + (t.body ? t.bodyMarks.length : 0), 0),
    file: sqlmapTargets.filter((t) => t.upload).length,
  };
  const families = new Set(sqlmap.flatMap((r) => r.payloadFamilies));
  const httpTotals = {};
  for (const r of sqlmap)
    for (const [code, n] of Object.entries(r.httpErrors)) httpTotals[code] = (httpTotals[code] ?? 0) + n;
  const notReached = targets
    .filter((t) => t.baselineStatus >= 400)
    .map((t) => `${t.method} ${t.template} (${t.baselineStatus})`);
  const lines = [
    `Security scan of ${operations.size} API operations from the OpenAPI document, ${new Date().toISOString()}, ${elapsed()}`,
    '',
    `wapiti ${versions.wapiti}`,
    `  modules: ${WAPITI_MODULES.join(', ')}`,
    `  start URLs: ${startUrls.length} (the web app and ${startUrls.length - 1} GET routes with their query parameters)`,
    `  crawled: ${wapiti.crawled} URLs and forms (every one attacked by each active module)`,
    `  payload requests per module: ${Object.entries(wapiti.attacked)
      .filter(([, n]) => n > 0)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ')}`,
    // Header, cookie, CSP and method checks read the answers; xss sends payloads only where its marker comes back as HTML.
    `  modules without payload requests: ${Object.entries(wapiti.attacked)
      .filter(([, n]) => n === 0)
      .map(([m]) => m)
      .join(', ')}`,
    `  budget: crawl ${WAPITI_BUDGET.maxScanSeconds} s, ${WAPITI_BUDGET.maxAttackSeconds} s per module; report: ${path.relative(root, wapiti.reportFile)}`,
    `  findings: ${wapitiJudged.findings.length} reports, on ${groupWapitiFindings(wapitiJudged.findings).length} route parameters`,
    ...wapitiJudged.accepted.map((r) => `  accepted: "${r.info}" on ${r.path}: ${r.reason}`),
    '',
    `sqlmap ${versions.sqlmap}`,
    `  settings: level ${SQLMAP_SETTINGS.level}, risk ${SQLMAP_SETTINGS.risk}, ${SQLMAP_SETTINGS.dbms} payloads, time-based delay ${SQLMAP_SETTINGS.timeSec} s`,
    `  techniques: ${[...SQLMAP_SETTINGS.techniques].map((t) => TECHNIQUE_NAMES[t]).join(', ')}; ${families.size} payload families`,
    `  requests: ${sqlmapTargets.length} (${count(sqlmapTargets, (t) => t.method === 'GET')} GET, ${count(sqlmapTargets, (t) => t.method !== 'GET')} writes)`,
    `  injection points marked: ${points.path + points.query + points.body + points.file} (${points.path} path ids, ${points.query} query parameters, ${points.body} free-text JSON fields, ${points.file} uploaded file names); tested: ${sqlmap.reduce((sum, r) => sum + r.tested.length, 0)} (with the other JSON values of bodies that have no free text)`,
    `  HTTP errors the payloads drew: ${
      Object.entries(httpTotals)
        .map(([code, n]) => `${code} x${n}`)
        .join(', ') || 'none'
    }`,
    `  findings: ${sqlmap.reduce((sum, r) => sum + r.findings.length, 0)}`,
    '',
    `out-of-band endpoint (SSRF, XXE, remote inclusion): ${endpoint.hits.length} requests from the app`,
    '',
    `operations whose example request was refused (scanned up to that check): ${notReached.length > 0 ? notReached.join(', ') : 'none'}`,
    '',
    ...(incomplete.length > 0 ? ['INCOMPLETE COVERAGE:', ...incomplete.map((line) => `  - ${line}`), ''] : []),
    findings.length > 0 ? `FINDINGS (${findings.length}):` : 'Result: zero findings.',
    ...findings.map((line) => `  - ${line}`),
  ];
  return `${lines.join('\n')}\n`;
}
