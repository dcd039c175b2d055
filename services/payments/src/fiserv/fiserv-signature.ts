import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Fiserv's signatures, as pure functions.
 *
 * - REST (IPG / Gateway API v2): every request carries `Message-Signature` = Base64(HMAC-SHA256(apiKey +
 *   clientRequestId + timestamp + body, apiSecret)), the body exactly as sent (nothing for a GET). We encode the raw
 *   HMAC bytes as Fiserv's own Node client (GBSEcom/NPM, src/firstdata/context.ts) does; the ipg-na
 *   "How to generate a message signature" page's PHP/Java samples Base64 the hex digest instead (a conflict in
 *   Fiserv's material, see fiserv-fake.ts).
 * - Connect (the hosted payment page): the request's `hashExtended` is Base64(HMAC-SHA256(the values of all
 *   non-empty sent fields in ascending (ASCII) order of their names joined with '|', sharedsecret)); the
 *   answers carry `response_hash` (to the success/fail URLs: approval_code|chargetotal|currency|txndatetime|storename)
 *   and `notification_hash` (server-to-server: chargetotal|currency|txndatetime|storename|approval_code), HMAC'd
 *   the same way with the shared secret.
 */

const hmacBase64 = (data: string, secret: string) => createHmac('sha256', secret).update(data, 'utf8').digest('base64');

export function fiservMessageSignature(apiKey: string, apiSecret: string, clientRequestId: string, timestamp: string | number, body = ''): string {
  return hmacBase64(`${apiKey}${clientRequestId}${timestamp}${body}`, apiSecret);
}

/** The Connect fields never part of the extended hash: the hashes themselves and the secret. */
const NOT_HASHED = new Set(['hashExtended', 'hash', 'sharedsecret', 'response_hash', 'notification_hash']);

/** Connect's extended hash (hashExtended) for the fields a form sends to the hosted payment page. */
export function fiservConnectHash(fields: Record<string, string>, sharedSecret: string): string {
  const names = Object.keys(fields).filter((name) => !NOT_HASHED.has(name) && fields[name] !== undefined && fields[name] !== '');
  // Ascending by name in "natural" (code unit) order: upper case before lower case, as Fiserv documents.
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return hmacBase64(names.map((name) => fields[name]).join('|'), sharedSecret);
}

type ConnectAnswer = Partial<Record<'approval_code' | 'chargetotal' | 'currency' | 'txndatetime' | 'storename', string>>;

/** notification_hash of Connect's server-to-server notification (transactionNotificationURL). */
export function fiservNotificationHash(fields: ConnectAnswer, sharedSecret: string): string {
  return hmacBase64([fields.chargetotal, fields.currency, fields.txndatetime, fields.storename, fields.approval_code].map((v) => v ?? '').join('|'), sharedSecret);
}

/** response_hash of Connect's answer to the success / failure URLs. */
export function fiservResponseHash(fields: ConnectAnswer, sharedSecret: string): string {
  return hmacBase64([fields.approval_code, fields.chargetotal, fields.currency, fields.txndatetime, fields.storename].map((v) => v ?? '').join('|'), sharedSecret);
}

/** Constant-time comparison of two Base64 signatures. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
