import { describe, expect, it } from 'vitest';
import { gatherWhileBusy } from './gather-while-busy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gatherWhileBusy', () => {
  it('carries the calls made while a run is under way in one next run, and answers each caller with its run', async () => {
    const runs: number[][] = [];
    const gather = gatherWhileBusy<number[]>(async (parts) => {
      await sleep(20);
      if (parts.includes(0)) throw new Error('refused');
      runs.push([...parts]);
    });
    const add = (n: number) => gather('a', () => [], (parts) => parts.push(n));
    const first = add(1);
    const later = [add(2), add(3)];
    await Promise.all([first, ...later]);
    expect(runs).toEqual([[1], [2, 3]]);
    await expect(add(0)).rejects.toThrow('refused');
  });

  it("with gapMs, while calls keep coming a key's runs start that far apart; other keys do not wait; an idle call runs at once", async () => {
    const gapMs = 600;
    const runs: { key: string; parts: number[]; at: number }[] = [];
    const gather = gatherWhileBusy<{ key: string; parts: number[] }>(async (batch) => {
      runs.push({ key: batch.key, parts: [...batch.parts], at: Date.now() });
      await sleep(20);
    }, { gapMs });
    const add = (key: string, n: number) => gather(key, () => ({ key, parts: [] }), (batch) => batch.parts.push(n));
    const first = add('a', 1);
    await sleep(5);
    await Promise.all([first, add('a', 2), add('a', 3), add('b', 1)]);
    expect(runs.map((r) => [r.key, r.parts])).toEqual([['a', [1]], ['b', [1]], ['a', [2, 3]]]);
    expect(runs[2].at - runs[0].at).toBeGreaterThanOrEqual(gapMs);
    expect(runs[1].at - runs[0].at).toBeLessThan(gapMs); // b's first run did not wait for a's gap
    const idle = Date.now();
    await add('a', 4);
    expect(runs[3].at - idle).toBeLessThan(gapMs);
  });
});
