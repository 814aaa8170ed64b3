/**
 * A TCP proxy in front of PostgreSQL that a test can take down and bring back,
 * to see Trove without its database without stopping the server others use; or
 * black-hole, as a network partition or a node dead without a reset does.
 */
import * as net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Closes the port and cuts every connection: the database is unreachable. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /**
   * Keeps every connection open and accepts new ones, but forwards nothing: what is sent
   * meanwhile, either way, is lost, so a statement in flight is never answered.
   */
  blackHole(): void;
  /** Forwards again, on the connections open and on new ones. */
  forward(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let forwarding = true;
  /** Like `from.pipe(to)`, but what arrives while black-holed is dropped. */
  const relay = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (forwarding && !to.write(chunk)) {
        from.pause();
        to.once('drain', () => from.resume());
      }
    });
    from.on('end', () => to.end());
  };
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        track(client);
        track(upstream);
        relay(client, upstream);
        relay(upstream, client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    port,
    down,
    up: listen,
    blackHole: () => (forwarding = false),
    forward: () => (forwarding = true),
    close: down,
  };
}
