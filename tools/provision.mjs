// Installs and starts what the platform needs on this machine: npm dependencies, Redis (Debian),
// FerretDB (built from tools/ferretdb with Go), stripe-mock (built with Go) behind tools/stripe-stand-in, Chromium (Debian). Reuses whatever is already there.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg) => console.log(`[provision] ${msg}`);

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
}

function onPath(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).stdout.trim() || null;
}

let aptUpdated = false;
export function aptInstall(pkg) {
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is missing; install it with: sudo apt-get install -y ${pkg}`);
  if (!aptUpdated) { run('apt-get', ['update', '-qq']); aptUpdated = true; }
  log(`installing ${pkg} from Debian packages`);
  run('apt-get', ['install', '-y', '-qq', pkg], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** npm install when node_modules is missing or older than package-lock.json / package.json. */
export function ensureNpmDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const newest = Math.max(...['package.json', 'package-lock.json'].filter((f) => existsSync(path.join(root, f)))
    .map((f) => statSync(path.join(root, f)).mtimeMs));
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest) return;
  log('installing npm dependencies (npm install; npm ci cannot be used here, see docs/DEVELOPMENT.md)');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

export function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (!existsSync('/usr/bin/chromium')) aptInstall('chromium');
  return '/usr/bin/chromium';
}

function ensureRedisBinary() {
  if (!onPath('redis-server')) aptInstall('redis-server');
  return onPath('redis-server');
}

/** The FerretDB command's own sources: a binary built from other sources is rebuilt. */
function ferretSourceStamp() {
  const dir = path.join(root, 'tools/ferretdb');
  return createHash('sha256').update(['go.mod', 'go.sum', 'main.go', 'id_index.go'].map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\0')).digest('hex');
}

function goBinary() {
  const go = onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
  if (!go) aptInstall('golang-go');
  return go ?? 'go';
}

function ensureFerretBinary() {
  const bin = path.join(root, 'tools/ferretdb/bin/ferretdb');
  const stampFile = `${bin}.sources`;
  const stamp = ferretSourceStamp();
  if (existsSync(bin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return bin;
  const go = goBinary();
  log('building FerretDB v1.24.2 from the Go module proxy (first run only, about a minute)');
  run(go, ['build', '-o', 'bin/ferretdb', '.'], { cwd: path.join(root, 'tools/ferretdb') });
  writeFileSync(stampFile, stamp);
  return bin;
}

/** Stripe's official mock server: it validates requests and answers fixtures; the stand-in in front of it keeps state. */
const STRIPE_MOCK_VERSION = 'v0.203.0';

/** Built once with `go install` into tools/stripe-mock/bin (git-ignored); another version's binary is rebuilt. */
function ensureStripeMockBinary() {
  const binDir = path.join(root, 'tools/stripe-mock/bin');
  const bin = path.join(binDir, 'stripe-mock');
  const stampFile = `${bin}.version`;
  if (existsSync(bin) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === STRIPE_MOCK_VERSION) return bin;
  const go = goBinary();
  mkdirSync(binDir, { recursive: true });
  log(`building stripe-mock ${STRIPE_MOCK_VERSION} from the Go module proxy (first run only)`);
  run(go, ['install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`], { env: { ...process.env, GOBIN: binDir } });
  writeFileSync(stampFile, STRIPE_MOCK_VERSION);
  return bin;
}

/** Resolves when something accepts TCP connections on host:port, or rejects after timeoutMs. */
export function waitForPort(port, host = '127.0.0.1', timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => { socket.destroy(); resolve(); });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listening on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 150);
      });
    };
    attempt();
  });
}

/** A loopback port nobody listens on now (the system picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

export async function portOpen(port, host = '127.0.0.1') {
  try { await waitForPort(port, host, 1); return true; } catch { return false; }
}

function startChild(name, cmd, args, logFile) {
  const out = openSync(logFile, 'a');
  // Own process group: Ctrl-C reaches the app first, which drains before these are stopped.
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], detached: true });
  child.on('exit', (code, signal) => { if (!child.stopping) log(`${name} exited (${code ?? signal}); see ${logFile}`); });
  return child;
}

/** Waits for the child's port; rejects at once if the child exits first (e.g. its port was taken). */
function waitForChildPort(child, name, port, logFile) {
  return new Promise((resolve, reject) => {
    const exited = (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before listening on ${port}; see ${logFile}`));
    child.once('exit', exited);
    waitForPort(port).then(resolve, reject).finally(() => child.off('exit', exited));
  });
}

/**
 * Starts Redis, FerretDB and the Stripe stand-in (with stripe-mock behind it) for a profile ('dev' or 'test')
 * unless REDIS_URL / MONGODB_URI / STRIPE_API_BASE are set. Returns the URLs (stripeUrl, the stand-in's, is
 * undefined if stripe-mock could not be built or either could not start: the rest of the platform works
 * without it) and a stop() that ends only what this call started.
 * stripePort defaults to one derived from the profile's Redis port, so profiles that do not name one
 * (the benchmarks) still get a port of their own.
 */
export async function startBackingServices({ profile, mongoPort, redisPort, stripePort = redisPort + 5740, easyPostPort = redisPort + 15760, dropShipPort = redisPort + 15775, freshData = false }) {
  const dataDir = path.join(root, '.data', profile);
  if (freshData) execFileSync('rm', ['-rf', dataDir]);
  mkdirSync(dataDir, { recursive: true });
  const children = [];
  let mongoUri = process.env.MONGODB_URI;
  let redisUrl = process.env.REDIS_URL;
  let stripeUrl = process.env.STRIPE_API_BASE;
  let easyPostUrl = process.env.EASYPOST_API_URL;
  let dropShipUrls = process.env.DOITBEST_API_URL && process.env.EMERY_API_URL
    ? { DOITBEST_API_URL: process.env.DOITBEST_API_URL, EMERY_API_URL: process.env.EMERY_API_URL } : null;

  if (!redisUrl) {
    redisUrl = `redis://127.0.0.1:${redisPort}`;
    if (await portOpen(redisPort)) log(`reusing Redis already on ${redisPort}`);
    else {
      const bin = ensureRedisBinary();
      // Open carts and search rows live in Redis: keep them across restarts (append-only file, fsync each
      // second), except for throw-away test data.
      const persistence = freshData ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', 'everysec'];
      children.push(startChild('redis', bin, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '',
        ...persistence, '--maxmemory-policy', 'noeviction', '--dir', dataDir], path.join(dataDir, 'redis.log')));
      await waitForPort(redisPort);
      log(`Redis started on ${redisPort}`);
    }
  }
  if (!mongoUri) {
    mongoUri = `mongodb://127.0.0.1:${mongoPort}/platform`;
    if (await portOpen(mongoPort)) log(`reusing FerretDB already on ${mongoPort}`);
    else {
      const bin = ensureFerretBinary();
      mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
      children.push(startChild('ferretdb', bin, ['--listen-addr', `127.0.0.1:${mongoPort}`,
        '--sqlite-url', `file:${path.join(dataDir, 'ferretdb')}/`], path.join(dataDir, 'ferretdb.log')));
      await waitForPort(mongoPort);
      log(`FerretDB started on ${mongoPort}`);
    }
  }
  if (!stripeUrl) {
    if (await portOpen(stripePort)) {
      log(`reusing the Stripe stand-in already on ${stripePort}`);
      stripeUrl = `http://127.0.0.1:${stripePort}`;
    } else {
      // The processes talk to the stand-in (tools/stripe-stand-in: it keeps payments' state) on the profile's
      // port; stripe-mock, which checks every request's shape for it, sits behind it on a free loopback port.
      const mockLog = path.join(dataDir, 'stripe-mock.log');
      const standInLog = path.join(dataDir, 'stripe-stand-in.log');
      try {
        const bin = ensureStripeMockBinary();
        const mockPort = await freePort();
        // Loopback only. With -http-addr alone it still opens HTTPS on :12112 on every interface (so a second
        // profile's would collide): HTTPS goes to a free loopback port the system picks, and is not used.
        const mock = startChild('stripe-mock', bin, ['-http-addr', `127.0.0.1:${mockPort}`, '-https-addr', '127.0.0.1:0'], mockLog);
        children.push(mock);
        await waitForChildPort(mock, 'stripe-mock', mockPort, mockLog);
        const standIn = startChild('stripe-stand-in', process.execPath, [path.join(root, 'tools/stripe-stand-in/server.mjs'),
          '--port', String(stripePort), '--upstream', `http://127.0.0.1:${mockPort}`], standInLog);
        children.push(standIn);
        await waitForChildPort(standIn, 'stripe-stand-in', stripePort, standInLog);
        stripeUrl = `http://127.0.0.1:${stripePort}`;
        log(`Stripe stand-in started on ${stripePort} (stripe-mock behind it on ${mockPort})`);
      } catch (err) {
        console.error(`[provision] ERROR: the Stripe stand-in is not running (${err.message}). Card payments cannot be used or `
          + 'tested (STRIPE_API_BASE is not set); everything else starts. Its stripe-mock is built with Go from the Go module proxy.');
      }
    }
  }
  /** Starts one of the platform's own stand-ins (tools/<name>.ts) on its port, or reuses one already there. */
  const startStandIn = async (name, what, port) => {
    if (await portOpen(port)) return log(`reusing the ${what} already on ${port}`);
    const standInLog = path.join(dataDir, `${name}.log`);
    const standIn = startChild(name, process.execPath, ['--import', 'tsx', path.join(root, `tools/${name}.ts`), '--port', String(port)], standInLog);
    children.push(standIn);
    await waitForChildPort(standIn, name, port, standInLog);
    log(`${what} started on ${port}`);
  };
  if (!easyPostUrl) {
    // EasyPost has no official local server: the platform's own stand-in of its published API (services/cart
    // testing.ts), so shipping rates and labels never reach the real EasyPost from a developer's or CI's machine.
    await startStandIn('easypost-stand-in', 'EasyPost stand-in', easyPostPort);
    easyPostUrl = `http://127.0.0.1:${easyPostPort}`;
  }
  if (!dropShipUrls) {
    // The suppliers' drop-ship APIs (Do it Best, Emery) are not published and have no sandbox: the platform's own
    // stand-ins (services/cart drop-ship-stand-ins.ts), one process on one port, /doitbest and /emery.
    await startStandIn('drop-ship-stand-ins', 'drop-ship stand-ins', dropShipPort);
    dropShipUrls = { DOITBEST_API_URL: `http://127.0.0.1:${dropShipPort}/doitbest`, EMERY_API_URL: `http://127.0.0.1:${dropShipPort}/emery` };
  }
  const stop = async () => {
    await Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.stopping = true;
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 5000).unref();
    })));
  };
  return { mongoUri, redisUrl, stripeUrl, easyPostUrl, dropShipUrls, stop };
}
