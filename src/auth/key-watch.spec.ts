import { credentialStampOf } from './auth-context';
import { KeyStates, KeyWatch } from './key-watch';

/** Keys in memory: id -> secret hash (absent: deleted or disabled), and the generation. */
function states(keys: Map<string, string>, counter = { generation: 1, reads: 0 }): KeyStates {
  return {
    generation: async () => String(counter.generation),
    usableAmong: async (ids) => {
      counter.reads += 1;
      return {
        generation: String(counter.generation),
        usable: ids.flatMap((id) => (keys.has(id) ? [{ id, secret_hash: keys.get(id)! }] : [])),
      };
    },
  };
}

describe('KeyWatch', () => {
  it('tells a watcher once when its key goes, or its secret changes, and not before', async () => {
    const keys = new Map([
      ['a', 'hash-a'],
      ['b', 'hash-b'],
    ]);
    const counter = { generation: 1, reads: 0 };
    const watch = new KeyWatch(states(keys, counter), 60_000);
    const told: string[] = [];
    watch.watch('a', credentialStampOf('hash-a'), () => told.push('a'));
    watch.watch('b', credentialStampOf('hash-b'), () => told.push('b'));
    await watch.check();
    expect(told).toEqual([]);

    keys.delete('a');
    counter.generation += 1;
    await watch.check();
    await watch.check();
    expect(told).toEqual(['a']);

    keys.set('b', 'hash-b-rotated');
    counter.generation += 1;
    await watch.check();
    expect(told).toEqual(['a', 'b']);
    expect(watch.watched).toBe(0);
    watch.stop();
  });

  it('reads the rows only when the generation moved, or a new watch began', async () => {
    const keys = new Map([['a', 'hash-a']]);
    const counter = { generation: 1, reads: 0 };
    const watch = new KeyWatch(states(keys, counter), 60_000);
    const stop = watch.watch('a', credentialStampOf('hash-a'), () => undefined);
    await watch.check();
    await watch.check();
    expect(counter.reads).toBe(1);
    // A key changed before its watch began is still seen: a new watch forces a read.
    keys.delete('a');
    watch.watch('a', credentialStampOf('hash-a'), () => undefined);
    await watch.check();
    expect(counter.reads).toBe(2);
    expect(watch.watched).toBe(0);
    stop();
    watch.stop();
  });

  it('ends nothing while the database cannot be read', async () => {
    const watch = new KeyWatch(
      {
        generation: () => Promise.reject(new Error('down')),
        usableAmong: () => Promise.reject(new Error('down')),
      },
      60_000,
    );
    let told = false;
    const stop = watch.watch('a', null, () => (told = true));
    await watch.check();
    expect(told).toBe(false);
    expect(watch.watched).toBe(1);
    stop();
    expect(watch.watched).toBe(0);
  });
});
