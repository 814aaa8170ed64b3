import { MemorySessionStore } from './mcp-sessions';

describe('MemorySessionStore', () => {
  let now = 0;
  const store = () => new MemorySessionStore(300, { perKey: 100, total: 1000 }, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('numbers the requests of a session from 0; other messages take no number', async () => {
    const sessions = store();
    const id = await sessions.create('2025-11-25', 'key-1');
    expect(await sessions.touch(id, true)).toEqual({ requestNumber: 0 });
    expect(await sessions.touch(id, false)).toEqual({ requestNumber: 1 });
    expect(await sessions.touch(id, true)).toEqual({ requestNumber: 1 });
    expect(await sessions.touch(id, true)).toEqual({ requestNumber: 2 });
  });

  it('ends a session after the idle time, counted from its last message', async () => {
    const sessions = store();
    const id = await sessions.create('2025-11-25', 'key-1');
    now += 299_999;
    expect(await sessions.touch(id, false)).not.toBeNull();
    now += 299_999;
    expect(await sessions.sweep()).toBe(1);
    now += 1;
    expect(await sessions.liveAmong([id])).toEqual(new Set());
    expect(await sessions.touch(id, true)).toBeNull();
    expect(await sessions.sweep()).toBe(0);
  });

  it('deletes a live session once', async () => {
    const sessions = store();
    const id = await sessions.create('2025-11-25', 'key-1');
    expect(await sessions.delete(id)).toBe(true);
    expect(await sessions.delete(id)).toBe(false);
    expect(await sessions.touch(id, false)).toBeNull();
    expect(await sessions.delete('not-a-session')).toBe(false);
  });

  it('caps the sessions of a key and in all, and frees a place as a session ends or expires', async () => {
    const sessions = new MemorySessionStore(300, { perKey: 2, total: 3 }, () => now);
    const a1 = await sessions.create('2025-11-25', 'a');
    await sessions.create('2025-11-25', 'a');
    await expect(sessions.create('2025-11-25', 'a')).rejects.toMatchObject({ limit: 'per_key', max: 2 });
    await sessions.create('2025-11-25', 'b');
    await expect(sessions.create('2025-11-25', 'c')).rejects.toMatchObject({ limit: 'total', max: 3 });
    await sessions.delete(a1);
    await sessions.create('2025-11-25', 'a');
    now += 300_000;
    // All expired: their places are free again without a sweep in between.
    for (const key of ['a', 'a', 'c']) await sessions.create('2025-11-25', key);
  });
});
