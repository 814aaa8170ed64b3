import { WorkQueue } from './work-queue';

describe('WorkQueue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('holds a key once however often it is added, in first-added order', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    queue.add('b');
    queue.add('a');
    expect(queue.length).toBe(2);
    expect(await queue.get()).toBe('a');
    expect(await queue.get()).toBe('b');
    expect(queue.length).toBe(0);
  });

  it('never hands out a key being processed; re-added meanwhile, it comes back after done', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    const key = await queue.get();
    queue.add('a');
    queue.add('a');
    expect(queue.length).toBe(0);

    queue.done(key!);
    expect(queue.length).toBe(1);
    expect(await queue.get()).toBe('a');
    queue.done('a');
    expect(queue.length).toBe(0);
  });

  it('wakes a waiting worker when a key arrives', async () => {
    const queue = new WorkQueue();
    const next = queue.get();
    queue.add('a');
    await expect(next).resolves.toBe('a');
  });

  it('backs off a failing key exponentially up to the cap, and forget resets it', () => {
    const queue = new WorkQueue({ baseDelayMs: 100, maxDelayMs: 1000 });
    const delays = Array.from({ length: 6 }, () => queue.whenRateLimited('a'));
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(queue.numRequeues('a')).toBe(6);
    expect(queue.whenRateLimited('b')).toBe(100);

    queue.forget('a');
    expect(queue.numRequeues('a')).toBe(0);
    expect(queue.whenRateLimited('a')).toBe(100);
  });

  it('limits the overall rate of retries beyond the burst', () => {
    const queue = new WorkQueue({ baseDelayMs: 1, qps: 10, burst: 2 });
    expect(queue.whenRateLimited('a')).toBe(1);
    expect(queue.whenRateLimited('b')).toBe(1);
    expect(queue.whenRateLimited('c')).toBe(100);
    expect(queue.whenRateLimited('d')).toBe(200);
    jest.advanceTimersByTime(1000);
    expect(queue.whenRateLimited('e')).toBe(1);
  });

  it('adds a key after its delay; of two pending delays the earlier wins', () => {
    const queue = new WorkQueue();
    queue.addAfter('a', 500);
    queue.addAfter('a', 100);
    queue.addAfter('a', 900);
    jest.advanceTimersByTime(99);
    expect(queue.length).toBe(0);
    jest.advanceTimersByTime(1);
    expect(queue.length).toBe(1);
    jest.advanceTimersByTime(1000);
    expect(queue.length).toBe(1);
  });

  it('re-adds a failed key after its backoff', () => {
    const queue = new WorkQueue({ baseDelayMs: 50 });
    queue.addRateLimited('a');
    jest.advanceTimersByTime(49);
    expect(queue.length).toBe(0);
    jest.advanceTimersByTime(1);
    expect(queue.length).toBe(1);
  });

  it('on shut down releases waiting workers, drops pending delays and ignores adds', async () => {
    const queue = new WorkQueue();
    const waiting = queue.get();
    queue.addAfter('later', 10);
    queue.shutDown();
    await expect(waiting).resolves.toBeUndefined();
    queue.add('a');
    jest.advanceTimersByTime(100);
    expect(queue.length).toBe(0);
    await expect(queue.get()).resolves.toBeUndefined();
  });
});
