import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { mongoose } from '@platform/db';
import { buildApp } from './app';
import { openResources } from './resources';

// A Redis of this test's own, restarted on an append-only file that takes a moment to load (key-load-delay slows
// each key, as a 388 MB file does on its own), as after a Redis restart: start-up must wait, not fail.
const KEYS = 10_000;
let dir: string;
let port: number;
let server: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    }).on('error', reject);
  });
}

function startRedis(extra: string[] = []) {
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir,
    '--enable-debug-command', 'local', ...extra], { stdio: 'ignore' });
}

async function stopRedis() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'redis-loading-'));
  port = await freePort();
  startRedis();
  const redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: null });
  await redis.debug('POPULATE', KEYS, 'key');
  await redis.set('marker', 'loaded');
  // The keys into the append-only file's base, which a restart loads.
  await redis.bgrewriteaof();
  while (/aof_rewrite_(in_progress|scheduled):1/.test(await redis.info('persistence'))) await new Promise((r) => setTimeout(r, 50));
  redis.disconnect();
  await stopRedis();
});

afterAll(async () => {
  await stopRedis();
  rmSync(dir, { recursive: true, force: true });
});

describe('start-up while Redis loads its append-only file', () => {
  it('waits, saying so, and registers the services once Redis has loaded its data', async () => {
    // 10,000 keys at 100 µs or more each: loading lasts a second or more, answering LOADING meanwhile.
    startRedis(['--key-load-delay', '100', '--loading-process-events-interval-bytes', '1024']);
    const logged: string[] = [];
    const dbName = `test_redisload_${process.pid}_${Date.now().toString(36)}`;
    const resources = await openResources({
      mongoUri: process.env.MONGODB_URI!, redisUrl: `redis://127.0.0.1:${port}`, dbName, queuePrefix: `t-${dbName}`, log: (m) => logged.push(m),
    });
    const seenAtRegistration: { status?: string; marker?: string | null; loading?: string } = {};
    const app = await buildApp({
      resources,
      tenancy: { baseDomain: 'localhost', defaultTenantSlug: 'tenant-a' },
      logger: false,
      // A service that reads Redis as it registers, as the catalogue builds its indexes.
      services: [async (service) => {
        seenAtRegistration.status = service.resources.redis.status;
        seenAtRegistration.marker = await service.resources.redis.get('marker');
        seenAtRegistration.loading = /^loading:(\d)/m.exec(await service.resources.redis.info('persistence'))?.[1];
      }],
    });
    await app.ready();
    expect(logged.some((line) => line.startsWith('waiting for Redis to load its data') && line.includes('% loaded'))).toBe(true);
    expect(seenAtRegistration).toEqual({ status: 'ready', marker: 'loaded', loading: '0' });
    expect(await resources.redis.get(`key:${KEYS - 1}`)).toBe(`value:${KEYS - 1}`);
    expect((await resources.ready()).redis).toBe(true);
    await app.close();
    await mongoose.connection.dropDatabase();
    await resources.close();
  });

  it('gives up after the bound with a message that says why', async () => {
    await stopRedis(); // nothing listens on the port now
    const logged: string[] = [];
    await expect(openResources({ mongoUri: process.env.MONGODB_URI!, redisUrl: `redis://127.0.0.1:${port}`, redisReadyTimeoutMs: 300, log: (m) => logged.push(m) }))
      .rejects.toThrow(`Redis at 127.0.0.1:${port} was not ready after 300 ms (not reachable: connect ECONNREFUSED 127.0.0.1:${port}); start-up stopped.`);
    expect(logged).toEqual([`waiting for Redis at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`]);
  });
});
