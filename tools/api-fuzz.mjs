#!/usr/bin/env node
// The API document is the truth: Schemathesis (from PyPI, in a virtual environment under .data/) sends generated
// requests to every operation of /api/docs/json, as a guest, as the demo shopper and as the demo store's admin,
// and fails on any 5xx, any status the document does not list and any answer that breaks its schema.
// Needs MONGODB_URI and REDIS_URL (npm test passes the test services); seeds its own database `api-fuzz`.
// Usage: node tools/api-fuzz.mjs [--examples N] [--seed N]     (docs/API-FUZZ.md)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_LOGINS } from './demo-logins.mjs';
import { aptInstall, root, waitForPort } from './provision.mjs';

const SCHEMATHESIS = '4.32.5';
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const examples = Number(arg('--examples', 4));
const seed = Number(arg('--seed', 20261125));
const port = Number(process.env.API_FUZZ_PORT ?? 4420);
const base = `http://127.0.0.1:${port}`;
const log = (m) => console.log(`[api-fuzz] ${m}`);

function ensureSchemathesis() {
  const venv = path.join(root, '.data/venv-schemathesis');
  const bin = path.join(venv, 'bin/schemathesis');
  const version = existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout ?? '' : '';
  if (version.includes(SCHEMATHESIS)) return bin;
  log(`installing schemathesis ${SCHEMATHESIS} into ${path.relative(root, venv)}`);
  if (spawnSync('python3', ['--version']).status !== 0) aptInstall('python3');
  if (spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' }).status !== 0) {
    aptInstall('python3-venv'); // Debian keeps venv's pip bootstrap in its own package
    if (spawnSync('python3', ['-m', 'venv', '--clear', venv], { stdio: 'inherit' }).status !== 0) throw new Error('python3 -m venv failed');
  }
  if (spawnSync(path.join(venv, 'bin/pip'), ['install', '-q', `schemathesis==${SCHEMATHESIS}`], { stdio: 'inherit' }).status !== 0) {
    throw new Error(`pip install schemathesis==${SCHEMATHESIS} failed`);
  }
  return bin;
}

const mongoUri = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27117/platform');
mongoUri.pathname = '/api-fuzz';
const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6479');
redisUrl.pathname = '/3'; // its own Redis database: nothing it leaves is seen by the browser journeys
const env = { ...process.env, MONGODB_URI: mongoUri.toString(), REDIS_URL: redisUrl.toString(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', QUERY_GUARD: '1' };

/**
 * Failed when Schemathesis found a failure or an error of the API (a network error is the server gone). Its
 * own generator sometimes trips (Hypothesis' FlakyFailure or Python's ast failing while it names a
 * strategy): that is the tool's, not the API's, and is reported but not failed.
 */
function judge(status, output) {
  if (status === 0) return { failed: false, note: '' };
  if (/^Failures:/m.test(output)) return { failed: true };
  const errors = /^Errors:\n((?:\s+\S.*\n)+)/m.exec(output)?.[1].trim().split('\n').map((l) => l.trim()) ?? [];
  const toolOnly = errors.length > 0 && errors.every((l) => /Runtime Error/.test(l)) && /hypothesis\.errors\.FlakyFailure|SystemError: AST constructor/.test(output);
  return toolOnly ? { failed: false, note: ` (the generator tripped on itself: ${errors.join(', ')}; see the report)` } : { failed: true };
}

const schemathesis = ensureSchemathesis();
spawnSync('redis-cli', ['-u', redisUrl.toString(), 'flushdb'], { stdio: 'ignore' });
log('seeding the demo stores into a scratch database');
if (spawnSync('node', ['--import', 'tsx', 'tools/seed/seed.ts', '--reset'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) throw new Error('seed failed');
const gateway = spawn('node', ['--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
let exit = 1;
try {
  await waitForPort(port, '127.0.0.1', 60_000);
  const document = await (await fetch(`${base}/api/docs/json`)).json();
  const reports = path.join(root, '.data/test-reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(path.join(reports, 'openapi.json'), JSON.stringify(document));
  const operations = Object.values(document.paths).reduce((n, p) => n + Object.keys(p).length, 0);
  log(`${operations} operations in the document; seed ${seed}, up to ${examples} examples each`);

  const signIn = async ({ tenant, email, password }) => {
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'business-slug': tenant }, body: JSON.stringify({ email, password }) });
    const body = await res.json();
    if (!body.access_token) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
    return body.access_token;
  };
  const login = (role) => DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === role);
  const callers = [
    ['guest', null],
    ['shopper', await signIn(login('customer'))],
    ['admin', await signIn(login('admin'))],
  ];
  // Calls that end the caller's own session or account would leave the rest of the run signed out; the live orders
  // stream never ends by design (a signed-in run could open it with a ticket from admin/orders/live/ticket).
  const selfEnding = '^/api/(customer/(delete|password|logout-others|sessions/end)|logout|mfa/(setup|setup-complete|disable)|orders/live)$';
  const totals = [];
  exit = 0;
  // The three callers run at once, each in its own Schemathesis process: one alone leaves a core idle while the
  // gateway answers (measured: 393 s one after another in CI). Their statuses are each route's documented ones
  // whatever the others change (a row another removed answers its documented 404).
  const runs = await Promise.all(callers.map(async ([who, token]) => {
    log(`as ${who}: started`);
    const args = [
      'run', path.join(reports, 'openapi.json'), '--url', base, '-H', 'Business-Slug: demo-hardware',
      ...(token ? ['-H', `Authorization: Bearer ${token}`, '--exclude-path-regex', selfEnding] : []),
      '--checks', 'not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance',
      '--phases', 'examples,coverage,fuzzing,stateful', '--max-examples', String(examples), '--seed', String(seed),
      // One worker: Hypothesis describes its strategies with Python's ast, which is not safe across threads.
      '--workers', '1', '--no-color',
    ];
    const cwd = path.join(reports, `api-fuzz-${who}`); // each its own run folder (Hypothesis keeps its examples there)
    mkdirSync(cwd, { recursive: true });
    const res = await runToEnd(schemathesis, args, cwd);
    return { who, res };
  }));
  for (const { who, res } of runs) {
    const output = `${res.stdout}${res.stderr}`;
    writeFileSync(path.join(reports, `api-fuzz-${who}.txt`), output);
    const cases = /(\d+) generated/.exec(output)?.[1] ?? '?';
    totals.push(`${who} ${cases} cases`);
    const verdict = judge(res.status, output);
    if (verdict.failed) {
      exit = 1;
      console.log(output.slice(output.indexOf('=== FAILURES') >= 0 ? output.indexOf('=== FAILURES') : Math.max(0, output.length - 8000)));
    } else log(`as ${who}: ${cases} cases, no failure${verdict.note}`);
  }
  log(`${totals.join(', ')}; seed ${seed}`);
} finally {
  gateway.kill('SIGTERM');
}
process.exit(exit);

/** Runs a command to its end, keeping its output (as spawnSync, without blocking the others). */
function runToEnd(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.on('error', (err) => resolve({ status: 1, stdout, stderr: `${stderr}${err}` }));
  });
}
