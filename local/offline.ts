/**
 * The local stack is offline: the stack's own process, the web app's processes and
 * DynamoDB Local's JVM may only talk to this machine. See offline-guard.cjs.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const guard = require('./offline-guard.cjs') as {
  install(options?: { report?: (line: string) => void }): void;
  isLocal(host: unknown): boolean;
};

/** Guards this process; refused attempts are reported through `report`. */
export const enforceOffline = (report: (line: string) => void): void => guard.install({ report });

export const isLocalHost = (host: unknown): boolean => guard.isLocal(host);

/** Environment that guards a child Node process (the web app) the same way. */
export const offlineNodeEnvironment = (): Record<string, string> => ({
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${JSON.stringify(require.resolve('./offline-guard.cjs'))}`].filter(Boolean).join(' '),
  STATEMENT_VAULT_OFFLINE_GUARD: 'preload',
  NEXT_TELEMETRY_DISABLED: '1',
});

/**
 * JVM flags that send any connection DynamoDB Local might open to a host other than this
 * machine through a SOCKS proxy at a closed loopback port, so it fails here (loopback
 * addresses bypass the proxy). DynamoDB Local's telemetry is also switched off.
 */
export const offlineJavaFlags = (closedPort: number): string[] => [
  '-DsocksProxyHost=127.0.0.1',
  `-DsocksProxyPort=${closedPort}`,
  '-DsocksNonProxyHosts=localhost|127.*|[::1]',
];
