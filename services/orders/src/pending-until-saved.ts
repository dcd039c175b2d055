import { mongoose, scoped } from '@platform/db';
import { runScript } from '@platform/queue';
import type { PlatformResources } from '@platform/server-kit';
import { Order } from './models';

type Io = { resources: Pick<PlatformResources, 'redis' | 'queuePrefix'> };

/**
 * A note of something a checkout holds: keep() once its order is saved, release(undo) when the order fails;
 * complete(more) adds what was learnt after noting it (a card hold's reference), its time kept.
 */
export type PendingNote = { keep(): Promise<void>; release(undo: () => Promise<void>): Promise<void>; complete(more: string[]): Promise<void> };

/** Replaces a note by its completed form under the same time, only while it is still there (the sweep may have taken it). */
const COMPLETE = "local at = redis.call('ZSCORE', KEYS[1], ARGV[1]) if not at then return 0 end redis.call('ZREM', KEYS[1], ARGV[1]) redis.call('ZADD', KEYS[1], at, ARGV[2]) return 1";

/**
 * Something a checkout takes before its order is saved (a once-per-customer promo code's claim, a card hold) and
 * must give back if the order never is: noted in Redis (ZSET `<name>:<tenant>`, JSON [checkout's hold id, ...what
 * undoes it] -> when noted) until the order is saved (keep) or the thing given back (release). A checkout that stops
 * in between leaves the note, and sweep gives back what it holds once its order is found missing.
 */
export function pendingUntilSaved(name: string) {
  const key = (io: Io, tenantId: string) => `${io.resources.queuePrefix}:${name}:${tenantId}`;
  return {
    key,
    /** Notes it under the checkout's hold id (fields[0]). */
    async note(io: Io, tenantId: string, fields: [hold: string, ...rest: string[]]): Promise<PendingNote> {
      let member = JSON.stringify(fields);
      const forget = async () => { await io.resources.redis.zrem(key(io, tenantId), member); };
      await io.resources.redis.zadd(key(io, tenantId), Date.now(), member);
      return {
        keep: forget,
        release: async (undo) => { await undo(); await forget(); },
        complete: async (more) => {
          const completed = JSON.stringify([...fields, ...more]);
          if (!(await runScript(io.resources.redis, COMPLETE, 1, key(io, tenantId), member, completed))) throw new Error(`the ${name} note of checkout ${fields[0]} was taken by the recovery meanwhile`);
          member = completed;
        },
      };
    },
    /**
     * Notes older than `olderThanMs`: one whose order exists is forgotten (after `ofSaved`, when given: what the
     * checkout had left to do after the save), any other given back with `undo`
     * (told when it was noted; answering whether it gave anything back). Each is taken once (ZREM), so two workers never undo twice; an undo
     * that fails is noted again (its time kept) for the next run, logged. Answers how many were given back.
     */
    async sweep(io: Io, tenantId: string, olderThanMs: number, undo: (fields: string[], notedAt: number) => Promise<boolean>, ofSaved?: (fields: string[], notedAt: number) => Promise<void>): Promise<number> {
      const { redis } = io.resources;
      const notes = key(io, tenantId);
      const stale = await redis.zrangebyscore(notes, 0, Date.now() - olderThanMs, 'WITHSCORES', 'LIMIT', 0, 500);
      let released = 0;
      for (let i = 0; i < stale.length; i += 2) {
        const [member, at] = [stale[i], stale[i + 1]];
        const fields = JSON.parse(member) as string[];
        const saved = mongoose.Types.ObjectId.isValid(fields[0]) && await Order.exists(scoped({ tenantId }, { _id: fields[0] }));
        if (!(await redis.zrem(notes, member))) continue; // another worker took it
        if (saved && !ofSaved) continue;
        try {
          if (saved) await ofSaved!(fields, Number(at));
          else if (await undo(fields, Number(at))) released += 1;
        } catch (error) {
          await redis.zadd(notes, Number(at), member);
          console.error(`[orders] ${name} ${member} of an abandoned checkout was not given back, kept for the next run: ${String(error)}`);
        }
      }
      return released;
    },
  };
}
