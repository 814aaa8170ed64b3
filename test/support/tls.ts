/**
 * A self-signed certificate for `localhost` and 127.0.0.1, made with openssl in a
 * temporary folder: for tests that serve HTTPS to Trove (a client ID metadata
 * document) and tell it to trust that certificate (NODE_EXTRA_CA_CERTS).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  remove(): void;
}

export function selfSignedCertificate(): TestCertificate {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-tls-'));
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    key: fs.readFileSync(keyFile, 'utf8'),
    cert: fs.readFileSync(certFile, 'utf8'),
    certFile,
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

export interface HttpsServer {
  port: number;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with the certificate, on a free port. */
export async function serveHttps(
  certificate: TestCertificate,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<HttpsServer> {
  const server = createServer({ key: certificate.key, cert: certificate.cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
