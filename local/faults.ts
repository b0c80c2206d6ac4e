import * as net from 'node:net';
import { HOST } from './settings';

/**
 * An endpoint that accepts connections and never answers: a service cut off mid-call. A
 * client without a timeout waits on it until its process dies, as a Lambda run does when
 * it hangs until its timeout.
 */
export const startUnansweredEndpoint = async (): Promise<{ url: string; close(): Promise<void> }> => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
