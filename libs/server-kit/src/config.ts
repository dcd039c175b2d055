/** Process configuration, validated at boot so a bad value fails fast with a clear message. */
export interface PlatformConfig {
  port: number;
  host: string;
  mongoUri: string;
  redisUrl: string;
  baseDomain: string;
  defaultTenantSlug: string;
  publicUrl: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<PlatformConfig> = {}): PlatformConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? defaults.port ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) problems.push(`PORT must be a TCP port, got "${env.PORT}"`);
  const mongoUri = env.MONGODB_URI ?? defaults.mongoUri ?? '';
  if (!/^mongodb(\+srv)?:\/\//.test(mongoUri)) problems.push('MONGODB_URI must be a mongodb:// URL');
  const redisUrl = env.REDIS_URL ?? defaults.redisUrl ?? '';
  if (!/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// URL');
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  const host = env.HOST ?? defaults.host ?? '127.0.0.1';
  return {
    port,
    host,
    mongoUri,
    redisUrl,
    baseDomain: env.BASE_DOMAIN ?? defaults.baseDomain ?? 'localhost',
    defaultTenantSlug: env.DEFAULT_TENANT ?? defaults.defaultTenantSlug ?? 'demo-hardware',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
}
