import http from 'node:http';
import https from 'node:https';
import { isIPv4 } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import {
  IMAGE_ADDRESS_INVALID, IMAGE_ADDRESS_PRIVATE, IMAGE_ADDRESS_TIMED_OUT, IMAGE_ADDRESS_TOO_MANY_REDIRECTS, IMAGE_ADDRESS_UNREACHABLE,
  IMAGE_FETCH_MAX_REDIRECTS, IMAGE_FETCH_TIMEOUT_MS, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES, imageAddressAnswered, imageAddressFileName, imageAddressProblem,
} from '@platform/domain';
import { AppError } from '@platform/server-kit';

/**
 * Test-only allowance: origins of loopback test servers (comma-separated, e.g. `http://127.0.0.1:4304`) the image
 * fetch may reach although loopback is refused, because the service tests' and the browser journeys' image servers
 * listen on 127.0.0.1. Only an exact origin (scheme, literal loopback IP, port) counts, for a request to that origin
 * only (a redirect elsewhere is checked as usual). Unset (the default) nothing private is reached; a request cannot
 * set it, and it is ignored when NODE_ENV is production. docs/UPLOADS.md.
 */
export const IMAGE_FETCH_ALLOW_ENV = 'IMAGE_FETCH_ALLOW_LOOPBACK_ORIGINS';

const isLoopbackIp = (host: string) => (isIPv4(host) && host.startsWith('127.')) || host === '::1';

/** The loopback IP this one request may connect to under the test allowance, else none. */
function allowedLoopback(url: URL): string[] {
  if (process.env.NODE_ENV === 'production') return [];
  const origins = (process.env[IMAGE_FETCH_ALLOW_ENV] ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return origins.includes(url.origin) && isLoopbackIp(host) ? [host] : [];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif;q=0.9,image/*;q=0.5';
const refused = (type: 'unprocessable' | 'too_large' | 'unsupported', message: string) => new AppError(type, message, { url: [message] });

/** The limits of one fetch; the defaults are the product's, tests may shorten the time. */
export interface ImageFetchLimits { timeoutMs?: number; maxBytes?: number; maxRedirects?: number }

/**
 * One GET through an agent that checks every address it connects to (request-filtering-agent): the host is resolved
 * once, any loopback, private (RFC 1918), link-local (169.254.0.0/16, fe80::/10), CGNAT, unique-local, multicast,
 * unspecified, reserved or IPv4-mapped IPv6 address refuses the connection, and the socket connects to the address
 * that was checked, so DNS cannot answer differently between the check and the connect. A literal IP in the address
 * is checked the same way. A new agent each time: no socket is reused across hosts.
 */
function get(url: URL, signal: AbortSignal): Promise<{ response: http.IncomingMessage; agent: http.Agent }> {
  const agentOptions = { keepAlive: false, allowIPAddressList: allowedLoopback(url) };
  const agent = url.protocol === 'https:' ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  return new Promise((resolve, reject) => {
    try {
      // No cookies, no credentials, no compression: the bytes are the image's or nothing.
      const options = { agent, signal, headers: { accept: ACCEPT, 'user-agent': 'StoreImageFetcher/1.0' } };
      const answered = (response: http.IncomingMessage) => resolve({ response, agent });
      const request = url.protocol === 'https:' ? https.get(url, options, answered) : http.get(url, options, answered);
      request.on('error', (error) => { agent.destroy(); reject(error); });
    } catch (error) {
      // A literal private IP is refused before any socket opens (the agent throws).
      agent.destroy();
      reject(error);
    }
  });
}

/** The body, or a 413 as soon as it passes the limit (said in advance by Content-Length or counted while reading). */
async function readAtMost(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    throw refused('too_large', IMAGE_TOO_LARGE);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw refused('too_large', IMAGE_TOO_LARGE);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** request-filtering-agent refuses with "DNS lookup <ip>(…) is not allowed. Because, It is private IP address." */
const isRefusedAddress = (error: unknown) => error instanceof Error && /\bis not allowed\b/.test(error.message);

/**
 * Fetches the image a web address names, for the store to keep its own copy (admin/upload-image-from-url): only
 * http and https, no private or local address (checked at every hop), at most 3 redirects, 10 seconds in all,
 * 5 MB at most. Whether the bytes are an image is the caller's check (keepUploadedImage), as for an upload.
 * Every failure is an AppError in the spec's upload words: 422 (address, network, redirects, time, HTTP status), 413.
 */
export async function fetchImageByAddress(address: string, limits: ImageFetchLimits = {}): Promise<{ filename: string; data: Buffer }> {
  const problem = imageAddressProblem(address);
  if (problem) throw refused('unprocessable', problem);
  const { timeoutMs = IMAGE_FETCH_TIMEOUT_MS, maxBytes = IMAGE_UPLOAD_MAX_BYTES, maxRedirects = IMAGE_FETCH_MAX_REDIRECTS } = limits;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  let url = new URL(address.trim());
  try {
    for (let redirects = 0; ; redirects += 1) {
      const { response, agent } = await get(url, timeout.signal);
      try {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) && response.headers.location) {
          response.destroy();
          if (redirects >= maxRedirects) throw refused('unprocessable', IMAGE_ADDRESS_TOO_MANY_REDIRECTS);
          let next: URL;
          try {
            next = new URL(response.headers.location, url);
          } catch {
            throw refused('unprocessable', IMAGE_ADDRESS_INVALID);
          }
          // A redirect to file:, ftp: and the like is refused; where it leads is checked by the next request's agent.
          if (imageAddressProblem(next.href)) throw refused('unprocessable', IMAGE_ADDRESS_INVALID);
          url = next;
          continue;
        }
        if (status < 200 || status > 299) {
          response.destroy();
          throw refused('unprocessable', imageAddressAnswered(status));
        }
        return { filename: imageAddressFileName(url.href), data: await readAtMost(response, maxBytes) };
      } finally {
        agent.destroy();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (timeout.signal.aborted) throw refused('unprocessable', IMAGE_ADDRESS_TIMED_OUT);
    if (isRefusedAddress(error)) throw refused('unprocessable', IMAGE_ADDRESS_PRIVATE);
    throw refused('unprocessable', IMAGE_ADDRESS_UNREACHABLE);
  } finally {
    clearTimeout(timer);
  }
}
