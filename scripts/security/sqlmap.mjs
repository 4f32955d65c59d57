// Runs sqlmap 1.7.2 once per target, with an injection marker on every path id, query parameter and free-text JSON
// field, and reads what it found from its output.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { markedJson, multipartBody, UPLOAD_BOUNDARY } from './examples.mjs';
import { runLogged } from './processes.mjs';

/**
 * Level 5 adds every prefix/suffix boundary sqlmap knows; risk 3 adds the OR-based and heavy time-based payloads
 * (safe here: the database is thrown away). The back end is PostgreSQL, so sqlmap spends the time on its payloads.
 */
export const SQLMAP_SETTINGS = { level: 5, risk: 3, dbms: 'PostgreSQL', techniques: 'BEUSTQ', timeSec: 3 };

export const TECHNIQUE_NAMES = {
  B: 'boolean-based blind',
  E: 'error-based',
  U: 'UNION query',
  S: 'stacked queries',
  T: 'time-based blind',
  Q: 'inline queries',
};

/** The URL with a `*` after every path id and query value, and the JSON body with one after every free-text value. */
export function markedRequest(baseUrl, target) {
  const pathNames = new Set(Object.keys(target.pathValues));
  const templateSegments = target.template.split('/');
  const pathPart = target.path
    .split('/')
    .map((segment, index) =>
      pathNames.has(/^\{(.+)\}$/.exec(templateSegments[index] ?? '')?.[1]) ? `${segment}*` : segment,
    )
    .join('/');
  const search = target.query
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value.replaceAll('*', ''))}*`)
    .join('&');
  const points = pathNames.size + target.query.length + (target.body ? target.bodyMarks.length : 0);
  if (target.upload) {
    // A file upload: the multipart body with a marker in the file's name.
    return {
      url: `${baseUrl}${pathPart}${search ? `?${search}` : ''}`,
      data: multipartBody(target.upload, { marked: true }),
      contentType: `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
      points: points + 1,
    };
  }
  return {
    url: `${baseUrl}${pathPart}${search ? `?${search}` : ''}`,
    // A write without a body still sends an empty JSON one: sqlmap's default form encoding would meet a 415 before
    // the route's own checks.
    data:
      target.body !== undefined
        ? markedJson(target.body, target.bodyMarks)
        : target.method !== 'GET'
          ? '{}'
          : undefined,
    contentType: 'application/json',
    points,
  };
}

function httpErrorCounts(output) {
  const counts = {};
  const line = /HTTP error codes detected during run:\s*\n(.*)/.exec(output)?.[1] ?? '';
  for (const match of line.matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g)) counts[match[1]] = Number(match[2]);
  return counts;
}

/** Runs sqlmap on one target; `findings` holds sqlmap's own words for every injectable point it confirmed. */
export async function runSqlmapTarget({ baseUrl, token, target, outDir, index }) {
  const request = markedRequest(baseUrl, target);
  const runDir = path.join(outDir, String(index).padStart(3, '0'));
  mkdirSync(runDir, { recursive: true });
  const args = [
    '--url',
    request.url,
    '--method',
    target.method,
    // Said outright: sqlmap sends '{}' (no values, so not recognised as JSON) as a form.
    ...(request.data === undefined ? [] : ['--data', request.data, '--header', `Content-Type: ${request.contentType}`]),
    '--header',
    `Authorization: Bearer ${token}`,
    '--batch',
    '--level',
    String(SQLMAP_SETTINGS.level),
    '--risk',
    String(SQLMAP_SETTINGS.risk),
    '--dbms',
    SQLMAP_SETTINGS.dbms,
    '--technique',
    SQLMAP_SETTINGS.techniques,
    '--time-sec',
    String(SQLMAP_SETTINGS.timeSec),
    '--timeout',
    '20',
    '--retries',
    '1',
    '--flush-session',
    '--disable-coloring',
    // The app answers unknown query parameters with 400, which sqlmap's WAF probe misreads as a firewall.
    '--skip-waf',
    // 401 is the sign-in route's answer to a wrong password and 404 a delete's once the object is gone: answers to
    // compare, not reasons to stop. The run checks its own session after every target instead.
    '--ignore-code',
    '401,404',
    '--output-dir',
    runDir,
    '-v',
    '1',
  ];
  const started = Date.now();
  const result = await runLogged('sqlmap', args, {
    logFile: path.join(runDir, 'sqlmap.log'),
    timeoutMs: (60 + 20 * request.points) * 1_000,
  });
  const output = result.output;
  // Each tested point is announced once; sqlmap names URL markers after the body's, so count, do not deduplicate. A
  // body without markers has all its values tested, so there can be more than were marked.
  const tested = [...output.matchAll(/testing for SQL injection on (.+?) parameter '(.+?)'/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  const payloadFamilies = new Set([...output.matchAll(/\[INFO\] testing '(.+?)'/g)].map((m) => m[1]));
  const findings = [
    ...output.matchAll(/^.*(?:parameter '.+?' is vulnerable|identified the following injection point).*$/gm),
  ].map((m) => m[0].trim());
  for (const block of output.matchAll(/^Parameter: .+$(?:\n {4}.+$)*/gm)) findings.push(block[0]);
  // sqlmap's CRITICAL lines matter when it gave up on a point (some, such as an unstable page, it recovers from).
  const critical = [...output.matchAll(/^.*\[CRITICAL\] (.*)$/gm)].map((m) => m[1].trim());
  const problems = [];
  if (result.timedOut) problems.push(`stopped at its time limit after ${Math.round((Date.now() - started) / 1000)} s`);
  else if (tested.length < request.points) {
    problems.push(`tested ${tested.length} of ${request.points} marked points`, ...critical);
  }
  return {
    url: request.url,
    points: request.points,
    tested,
    payloadFamilies: [...payloadFamilies],
    httpErrors: httpErrorCounts(output),
    findings: [...new Set(findings)],
    problems,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
