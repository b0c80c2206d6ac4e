import * as net from 'node:net';
import { HOST, PORTS, type PortName, type Ports } from './settings';

const canListen = (port: number): Promise<NodeJS.ErrnoException | undefined> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host: HOST, exclusive: true }, () => server.close(() => resolve(undefined)));
  });

export const isFree = async (port: number): Promise<boolean> => (await canListen(port)) === undefined;

/** Fails with one message naming every taken port, its service and the variable that moves it. */
export const assertPortsFree = async (ports: Ports, names: PortName[] = Object.keys(ports) as PortName[]) => {
  const problems: string[] = [];
  for (const name of names) {
    const error = await canListen(ports[name]);
    if (!error) continue;
    const spec = PORTS[name];
    problems.push(
      error.code === 'EADDRINUSE'
        ? `port ${ports[name]} (${spec.name}) is in use: stop what uses it, or set ${spec.env} to another port`
        : `port ${ports[name]} (${spec.name}) cannot be opened (${error.code}): set ${spec.env} to another port`,
    );
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
};

/** A port the OS says is free right now (for tests and internal listeners). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: HOST }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export const waitForPort = async (port: number, timeoutMs: number, what: string): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: HOST }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
