import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import {
  IMAGE_ADDRESS_INVALID, IMAGE_ADDRESS_PRIVATE, IMAGE_ADDRESS_TIMED_OUT, IMAGE_ADDRESS_TOO_MANY_REDIRECTS, IMAGE_ADDRESS_UNREACHABLE,
  IMAGE_NOT_SUPPORTED, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOADED, imageAddressAnswered, NO_PERMISSION,
} from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService } from '../index';
import { fetchImageByAddress, IMAGE_FETCH_ALLOW_ENV } from './fetch-image';
import { UploadedImage } from './images';

// The image server these tests fetch from listens on 127.0.0.1, which the fetch refuses by default: the harness
// allows that one origin (the test-only allowance, read at each fetch), and the tests of the guard take it away.
/** A store's fetches by address in an hour (the default; IMAGE_FETCH_LIMIT changes it). */
const FETCH_LIMIT = 60;

let harness: Awaited<ReturnType<typeof createTestApp>>;
let images: Server;
let origin = '';
let port = 0;
let owner = '';
let tenantId = '';
const served: string[] = [];

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64), Buffer.from([0xff, 0xd9])]);

/** Another site's pictures, as a web server sends them (with a few misbehaving addresses). */
function imageSite(request: IncomingMessage, response: ServerResponse) {
  const path = request.url ?? '/';
  served.push(path);
  response.on('error', () => undefined); // the fetch hangs up on purpose (too large)
  const redirect = (location: string) => response.writeHead(302, { location }).end();
  const hop = /^\/hops\/(\d+)$/.exec(path);
  if (hop) return Number(hop[1]) === 0 ? response.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG) : redirect(`/hops/${Number(hop[1]) - 1}`);
  switch (path) {
    case '/photos/Shop%20front.jpg': return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    case '/render?id=7': return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG);
    case '/notes.png': return response.writeHead(200, { 'content-type': 'image/png' }).end('These are my notes, not a picture.');
    case '/drawing.svg': return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    case '/huge.png': { // no Content-Length: counted while read
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG.subarray(0, 16));
      return response.end(Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES));
    }
    case '/declared-huge.png': return response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(IMAGE_UPLOAD_MAX_BYTES + 1) }).end(Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - PNG.length)]));
    case '/exactly-5mb.jpg': return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.concat([JPEG.subarray(0, 6), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES - 6, 7)]));
    case '/gone.png': return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    case '/to-metadata': return redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/');
    case '/to-private': return redirect('http://10.0.0.7/photo.jpg');
    case '/to-ipv6-loopback': return redirect(`http://[::1]:${port}/photos/Shop%20front.jpg`);
    case '/to-mapped-loopback': return redirect(`http://[::ffff:127.0.0.1]:${port}/photos/Shop%20front.jpg`);
    case '/to-file': return redirect('file:///etc/passwd');
    case '/hang': return undefined; // never answers
    default: return response.writeHead(404).end();
  }
}

const addByAddress = (url: unknown, token: string | null = owner, host = 'url-a.test') =>
  harness.app.inject({ method: 'POST', url: '/api/admin/upload-image-from-url', headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: { url } });
const fetchImage = (url: string, host?: string) => {
  const address = new URL(url);
  return harness.app.inject({ method: 'GET', url: address.pathname, headers: { host: host ?? address.host } });
};
const storedCount = () => inBackground('test: count the uploads', () => UploadedImage.countDocuments({ tenantId }));

/** Runs with the test-only allowance off, as in production: loopback is as refused as any private address. */
async function withoutAllowance<T>(run: () => Promise<T>): Promise<T> {
  delete process.env[IMAGE_FETCH_ALLOW_ENV];
  try {
    return await run();
  } finally {
    process.env[IMAGE_FETCH_ALLOW_ENV] = origin;
  }
}

beforeAll(async () => {
  images = createServer(imageSite);
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  port = (images.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  process.env[IMAGE_FETCH_ALLOW_ENV] = origin;
  harness = await createTestApp([tenantSettingsService], 'uploads_url');
  tenantId = (await createTenant('url-a', { domains: ['url-a.test'] })).id;
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => {
  delete process.env[IMAGE_FETCH_ALLOW_ENV];
  images?.closeAllConnections();
  await new Promise((resolve) => images?.close(resolve));
  await harness?.close();
});

describe('admin/upload-image-from-url', () => {
  it("keeps the store's own copy of an image on another site and serves it at the address it answers", async () => {
    const res = await addByAddress(`${origin}/photos/Shop%20front.jpg`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ status: 'success', message: IMAGE_UPLOADED });
    // Named after the address's last part (spaces become underscores), on the store's own host.
    expect(answer.url).toMatch(/^http:\/\/url-a\.test\/api\/about-us\/images\/[0-9a-f]{24}\/Shop_front\.jpg$/);
    const image = await fetchImage(answer.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
  });

  it('goes by the bytes, not the type the other site claims, and keeps an image of exactly 5 MB', async () => {
    const png = await addByAddress(`${origin}/render?id=7`);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().url).toMatch(/\/render\.png$/);
    expect((await fetchImage(png.json().url)).headers['content-type']).toBe('image/png');

    const big = await addByAddress(`${origin}/exactly-5mb.jpg`);
    expect(big.statusCode, big.body).toBe(200);
    expect((await fetchImage(big.json().url)).rawPayload.length).toBe(IMAGE_UPLOAD_MAX_BYTES);
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    const three = await addByAddress(`${origin}/hops/3`);
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().url).toMatch(/\/0\.jpg$/);
    const four = await addByAddress(`${origin}/hops/4`);
    expect(four.statusCode).toBe(422);
    expect(four.json()).toMatchObject({ status: 422, message: IMAGE_ADDRESS_TOO_MANY_REDIRECTS, errors: { url: [IMAGE_ADDRESS_TOO_MANY_REDIRECTS] } });
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF (415), over 5 MB (413), a missing image (422), and keeps nothing', async () => {
    const before = await storedCount();
    for (const path of ['/notes.png', '/drawing.svg']) {
      const res = await addByAddress(`${origin}${path}`);
      expect(res.statusCode, path).toBe(415);
      expect(res.json()).toMatchObject({ message: IMAGE_NOT_SUPPORTED, errors: { url: [IMAGE_NOT_SUPPORTED] } });
    }
    for (const path of ['/huge.png', '/declared-huge.png']) {
      const res = await addByAddress(`${origin}${path}`);
      expect(res.statusCode, path).toBe(413);
      expect(res.json().message).toBe(IMAGE_TOO_LARGE);
    }
    const gone = await addByAddress(`${origin}/gone.png`);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe(imageAddressAnswered(404));
    expect(await storedCount()).toBe(before);
  });

  it('refuses an address that is not http or https (422) or is not an address at all; a request without one is 400', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://127.0.0.1:6379/_INFO', 'data:image/png;base64,AAAA', 'shop.jpg', `https://user:pass@127.0.0.1:${port}/photos/Shop%20front.jpg`]) {
      const res = await addByAddress(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ message: IMAGE_ADDRESS_INVALID, errors: { url: [IMAGE_ADDRESS_INVALID] } });
    }
    expect((await addByAddress(undefined)).statusCode).toBe(400);
  });

  it('says so when the address cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // Allowed as the image server is, so that the refusal is the closed port's, not the guard's.
    process.env[IMAGE_FETCH_ALLOW_ENV] = `${origin},http://127.0.0.1:${closedPort}`;
    const res = await addByAddress(`http://127.0.0.1:${closedPort}/photo.jpg`).finally(() => { process.env[IMAGE_FETCH_ALLOW_ENV] = origin; });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(IMAGE_ADDRESS_UNREACHABLE);
  });
});

describe('the fetch never reaches a private or local network', () => {
  it('with the test allowance off (as in production), refuses loopback, private, link-local, CGNAT, unique-local and multicast addresses, IPv4 and IPv6, before any request', async () => {
    const before = served.length;
    const kept = await storedCount();
    const addresses = [
      `${origin}/photos/Shop%20front.jpg`, `http://localhost:${port}/photos/Shop%20front.jpg`, 'http://127.1.2.3/', 'http://0.0.0.0/',
      'http://10.1.2.3/photo.jpg', 'http://172.16.5.4/photo.jpg', 'http://192.168.1.20/photo.jpg', 'https://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/photo.jpg', 'http://224.0.0.1/photo.jpg', 'http://2130706433/photo.jpg', 'http://0x7f.1/photo.jpg',
      `http://[::1]:${port}/`, 'http://[fe80::1]/', 'http://[fd12:3456::1]/', 'http://[fc00::1]/', 'http://[ff02::1]/', 'http://[::]/',
      `http://[::ffff:127.0.0.1]:${port}/`, 'http://[::ffff:10.0.0.1]/', 'http://[::ffff:a9fe:a9fe]/',
    ];
    await withoutAllowance(async () => {
      for (const url of addresses) {
        const res = await addByAddress(url);
        expect(res.statusCode, url).toBe(422);
        expect(res.json(), url).toMatchObject({ status: 422, message: IMAGE_ADDRESS_PRIVATE, errors: { url: [IMAGE_ADDRESS_PRIVATE] } });
      }
    });
    expect(IMAGE_ADDRESS_PRIVATE).toBe('An error occured while trying to upload the image: the address leads to a private or local network, which the store does not fetch from. Use a public web address.');
    expect(served.length).toBe(before); // the image server on loopback was never asked
    expect(await storedCount()).toBe(kept);
  });

  it('the test allowance opens only the exact loopback origins it names, and never in production', async () => {
    const before = served.length;
    const nodeEnv = process.env.NODE_ENV;
    process.env[IMAGE_FETCH_ALLOW_ENV] = `${origin}, http://10.0.0.7, http://localhost:${port}`;
    try {
      // Another port, another loopback address, a host name or a private origin in the list: refused as ever.
      for (const url of [`http://127.0.0.1:${port + 1}/a.png`, `http://127.0.0.2:${port}/a.png`, `http://localhost:${port}/a.png`, 'http://10.0.0.7/a.png']) {
        await expect(fetchImageByAddress(url), url).rejects.toMatchObject({ status: 422, message: IMAGE_ADDRESS_PRIVATE });
      }
      expect(served.length).toBe(before);
      process.env.NODE_ENV = 'production';
      await expect(fetchImageByAddress(`${origin}/photos/Shop%20front.jpg`)).rejects.toMatchObject({ status: 422, message: IMAGE_ADDRESS_PRIVATE });
      expect(served.length).toBe(before);
    } finally {
      process.env.NODE_ENV = nodeEnv;
      process.env[IMAGE_FETCH_ALLOW_ENV] = origin;
    }
    await expect(fetchImageByAddress(`${origin}/photos/Shop%20front.jpg`)).resolves.toMatchObject({ filename: 'Shop front.jpg' });
  });

  it('checks every redirect: to the cloud metadata address, a private one, IPv6 or IPv4-mapped loopback, or a file, is refused', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-ipv6-loopback', '/to-mapped-loopback']) {
      const res = await addByAddress(`${origin}${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().message, path).toBe(IMAGE_ADDRESS_PRIVATE);
    }
    const file = await addByAddress(`${origin}/to-file`);
    expect(file.statusCode).toBe(422);
    expect(file.json().message).toBe(IMAGE_ADDRESS_INVALID);
  });

  it('gives up after its time limit on a site that never answers', async () => {
    await expect(fetchImageByAddress(`${origin}/hang`, { timeoutMs: 200 })).rejects.toMatchObject({ status: 422, message: IMAGE_ADDRESS_TIMED_OUT });
  });
});

describe('who may add images by address', () => {
  it('needs a signed-in admin (401) with edit_about_us (403); another store is told apart', async () => {
    const url = `${origin}/photos/Shop%20front.jpg`;
    expect((await addByAddress(url, null)).statusCode).toBe(401);
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    const refused = await addByAddress(url, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    const allowed = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_about_us'] });
    const added = await addByAddress(url, allowed);
    expect(added.statusCode).toBe(200);
    // Its copy belongs to this store: another store's host answers 404 for it.
    const other = await createTenant('url-b', { domains: ['url-b.test'] });
    expect((await fetchImage(added.json().url, 'url-b.test')).statusCode).toBe(404);
    expect((await addByAddress(url, await issueToken(other.id, { isAdmin: true }))).statusCode).toBe(401);
  });

  it(`lets a store fetch ${FETCH_LIMIT} images by address an hour, then answers 429`, async () => {
    const busy = await createTenant('url-busy', { domains: ['url-busy.test'] });
    const token = await issueToken(busy.id, { isAdmin: true });
    for (let i = 0; i < FETCH_LIMIT; i += 1) expect((await addByAddress('http://10.9.8.7/a.png', token, 'url-busy.test')).statusCode).toBe(422);
    const limited = await addByAddress(`${origin}/photos/Shop%20front.jpg`, token, 'url-busy.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Other stores go on.
    expect((await addByAddress(`${origin}/photos/Shop%20front.jpg`)).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('documents the call with every status it answers', () => {
    const paths = (harness.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> }; responses: Record<string, unknown> }>> }).paths;
    const call = paths['/api/admin/upload-image-from-url'].post;
    expect(call.requestBody!.content['application/json'].schema.required).toEqual(['url']);
    expect(Object.keys(call.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '422', '429']);
  });
});
