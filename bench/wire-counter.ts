/**
 * A TCP proxy in front of PostgreSQL that counts what a Trove process asks of it, read
 * from the wire protocol's frontend messages (unlike timings, counts are not noisy):
 *
 * - round trips: a Sync (the end of an extended-protocol exchange: Parse, Bind,
 *   Execute...) or a simple Query, each of which the client waits on;
 * - statements: an Execute, or a simple Query;
 * - parses: a Parse, i.e. a statement the server plans again (node-postgres parses an
 *   unnamed statement every time; a named, prepared one once per connection).
 */
import * as net from 'node:net';

export interface WireCounts {
  roundTrips: number;
  statements: number;
  parses: number;
}

export interface WireCounter {
  port: number;
  counts(): WireCounts;
  close(): Promise<void>;
}

export async function startWireCounter(targetHost: string, targetPort: number): Promise<WireCounter> {
  const counts: WireCounts = { roundTrips: 0, statements: 0, parses: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The startup message (and an SSL request) has a length but no type byte.
        const header = started ? 5 : 4;
        if (pending.length < header) break;
        const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
        if (pending.length < length) break;
        if (started) count(String.fromCharCode(pending[0]));
        else if (pending.readInt32BE(4) !== 80877103) started = true;
        pending = pending.subarray(length);
      }
    });
  });
  const count = (type: string) => {
    if (type === 'S' || type === 'Q') counts.roundTrips++;
    if (type === 'E' || type === 'Q') counts.statements++;
    if (type === 'P') counts.parses++;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
