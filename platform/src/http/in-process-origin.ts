import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP origin for an app in this process, opened on a loopback port on first use and unref'd
 * (it never keeps the process alive). In the embedded mode it lets one service call another
 * through its public HTTP contract, exactly as it would across the network.
 */
export function inProcessOrigin(app: RequestListener): () => Promise<string> {
  let origin: Promise<string> | undefined;
  return () => {
    origin ??= new Promise((resolve, reject) => {
      const server = createServer(app);
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    });
    return origin;
  };
}
