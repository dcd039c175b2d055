import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyAttempts, type RequestContext } from '@platform/server-kit';

/**
 * Sending codes and links, and signing in (each try of a password, code or link): per person (tenant +
 * phone or e-mail) and per client IP. Looking up whether an account exists, and registering (which answers
 * whether the e-mail or phone has one, and makes accounts): per IP only (they check no secret).
 */
export type LimitedAction = 'send' | 'login' | 'lookup' | 'signup';

const WINDOW_S = 15 * 60;
const PER_SUBJECT = { send: 5, login: 10 };
/** Per IP, shared by every tenant; IDENTITY_IP_LIMIT_SEND / _LOGIN / _LOOKUP / _SIGNUP change them. */
const IP_DEFAULTS: Record<LimitedAction, number> = { send: 100, login: 300, lookup: 300, signup: 100 };
const perIp = (action: LimitedAction) => Number(process.env[`IDENTITY_IP_LIMIT_${action.toUpperCase()}`] ?? IP_DEFAULTS[action]);

export function createRateLimits(redis: Redis, prefix: string) {
  const make = (name: string, points: number) => new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rate:${name}`, points, duration: WINDOW_S });
  const limiters = {
    send: { subject: make('send-subject', PER_SUBJECT.send), ip: make('send-ip', perIp('send')) },
    login: { subject: make('login-subject', PER_SUBJECT.login), ip: make('login-ip', perIp('login')) },
    lookup: { subject: null, ip: make('lookup-ip', perIp('lookup')) },
    signup: { subject: null, ip: make('signup-ip', perIp('signup')) },
  };
  /**
   * Counts one attempt; over either limit → 429 saying when to try again. Both counts go to Redis at once (one round
   * trip, not two in a row: it stands before a sign-in's hash); an attempt the IP limit holds back gives the person's
   * count its point back, so it counts against the person no more than when it was not tried.
   */
  return async function limit(action: LimitedAction, ctx: RequestContext, subject: string, ip: string): Promise<void> {
    const { ip: perIp, subject: perSubject } = limiters[action];
    const subjectKey = `${ctx.tenantId}:${subject}`;
    const [byIp, bySubject] = await Promise.allSettled([perIp.consume(ip), perSubject?.consume(subjectKey)]);
    for (const counted of [byIp, bySubject]) if (counted.status === 'rejected' && !(counted.reason instanceof RateLimiterRes)) throw counted.reason;
    if (byIp.status === 'rejected') {
      if (perSubject) await perSubject.reward(subjectKey);
      throw tooManyAttempts((byIp.reason as RateLimiterRes).msBeforeNext);
    }
    if (bySubject.status === 'rejected') throw tooManyAttempts((bySubject.reason as RateLimiterRes).msBeforeNext);
  };
}
export type RateLimit = ReturnType<typeof createRateLimits>;
