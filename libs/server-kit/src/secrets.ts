import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database (a payment provider's secret key, a webhook secret) are sealed with AES-256-GCM
 * under a key from the environment (SECRETS_KEY: 32 bytes, base64). Without it, outside production, a development
 * key is made once under .data/ and shared by every process started from the project (the seed, the gateway,
 * the tests); production refuses to run without SECRETS_KEY.
 */
const PREFIX = 'sealed:v1:';
let cachedKey: Buffer | null = null;

function secretsKey(): Buffer {
  if (cachedKey) return cachedKey;
  const fromEnv = process.env.SECRETS_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64');
    return (cachedKey = key);
  }
  if (process.env.NODE_ENV === 'production') throw new Error('SECRETS_KEY is not set: secrets cannot be sealed or opened');
  const file = path.resolve(process.cwd(), '.data/secrets/development.key');
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under another name, then linked: a process starting at the same moment reads a whole key or none.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return (cachedKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}

/** Seals a secret for storage: 'sealed:v1:' + iv, tag and ciphertext (base64url). */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join(':')}`;
}

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

/** Opens a sealed secret; null for anything not sealed with this key (a value stored in the clear is not used). */
export function openSecret(value: unknown): string | null {
  if (!isSealed(value)) return null;
  try {
    const [iv, tag, data] = value.slice(PREFIX.length).split(':').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', secretsKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
