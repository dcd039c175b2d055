import { describe, expect, it } from 'vitest';
import { singleFlight } from './index';

/** A run that waits until the test lets it end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

describe('singleFlight', () => {
  it('gives concurrent callers of one key the same run', async () => {
    const once = singleFlight<number>();
    const g = gate();
    let runs = 0;
    const run = async () => { runs += 1; await g.opened; return runs; };
    const callers = [once('store-1', run), once('store-1', run), once('store-1', run)];
    g.open();
    expect(await Promise.all(callers)).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });

  it('runs again for the next caller after a run failed', async () => {
    const once = singleFlight();
    let runs = 0;
    const failing = once('store-1', async () => { runs += 1; throw new Error('Redis went away'); });
    const sharing = once('store-1', async () => { runs += 1; });
    await expect(failing).rejects.toThrow('Redis went away');
    await expect(sharing).rejects.toThrow('Redis went away');
    await once('store-1', async () => { runs += 1; });
    expect(runs).toBe(2);
  });

  it('runs again once a run has ended', async () => {
    const once = singleFlight();
    let runs = 0;
    await once('store-1', async () => { runs += 1; });
    await once('store-1', async () => { runs += 1; });
    expect(runs).toBe(2);
  });

  it('keeps keys, and the keys of each singleFlight, apart', async () => {
    const once = singleFlight<string>();
    const other = singleFlight<string>();
    const g = gate();
    const ran: string[] = [];
    const run = (name: string) => async () => { ran.push(name); await g.opened; return name; };
    const callers = [once('store-1', run('a')), once('store-2', run('b')), other('store-1', run('c'))];
    g.open();
    expect(await Promise.all(callers)).toEqual(['a', 'b', 'c']);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('fails a run that throws before its first await like one that rejects', async () => {
    const once = singleFlight();
    await expect(once('store-1', () => { throw new Error('bad key'); })).rejects.toThrow('bad key');
    let runs = 0;
    await once('store-1', async () => { runs += 1; });
    expect(runs).toBe(1);
  });
});
