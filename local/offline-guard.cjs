'use strict';
/**
 * Loopback only: after `install()`, this Node process (and, preloaded with `--require`,
 * the web app's) cannot open a connection or send a datagram off this machine, nor ask a
 * DNS server for a name, whatever a request it serves contains. A refused attempt fails
 * like a refused connection (ECONNREFUSED, ENOTFOUND) and is reported once per
 * destination, so an offline stack never waits on a network that is not there.
 *
 * Plain CommonJS so that any Node process can preload it with `--require`.
 */
const dgram = require('node:dgram');
const dns = require('node:dns');
const net = require('node:net');

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/** True for a host that can only be this machine. */
const isLocal = (host) => {
  if (host === undefined || host === null || host === '') return true;
  const name = String(host)
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return true;
  if (name === '::1' || name === '0:0:0:0:0:0:0:1' || name === '0.0.0.0' || name === '::') return true;
  const v4 = name.replace(/^::ffff:/, '');
  return net.isIPv4(v4) && v4.startsWith('127.');
};

let installed = false;
const reported = new Set();
let reporter = (line) => process.stderr.write(`${line}\n`);

const refuse = (what, destination, code) => {
  const key = `${what} ${destination}`;
  if (!reported.has(key)) {
    reported.add(key);
    reporter(`offline: refused ${what} to ${destination} (the local stack only talks to this machine)`);
  }
  return Object.assign(new Error(`offline: ${what} to ${destination} refused`), { code });
};

/** The host a `socket.connect(...)` call aims at (options object, path, or port and host). */
const connectTarget = (args) => {
  const [first, second] = Array.isArray(args[0]) ? args[0] : args;
  if (typeof first === 'object' && first !== null) return first.path !== undefined ? undefined : { host: first.host, port: first.port };
  if (typeof first === 'string' && Number.isNaN(Number(first))) return undefined; // a unix socket path
  return { host: typeof second === 'string' ? second : undefined, port: first };
};

const install = (options = {}) => {
  if (options.report) reporter = options.report;
  if (installed) return;
  installed = true;

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    const target = connectTarget(args);
    if (target && !isLocal(target.host)) {
      const error = refuse('a connection', `${target.host}:${target.port}`, 'ECONNREFUSED');
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  };

  const lookup = dns.lookup;
  dns.lookup = function (hostname, ...rest) {
    const callback = rest[rest.length - 1];
    if (!isLocal(hostname) && !net.isIP(String(hostname))) {
      const error = refuse('a DNS lookup', String(hostname), 'ENOTFOUND');
      if (typeof callback === 'function') process.nextTick(() => callback(error));
      return {};
    }
    return lookup.call(this, hostname, ...rest);
  };
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = async function (hostname, ...rest) {
    if (!isLocal(hostname) && !net.isIP(String(hostname))) throw refuse('a DNS lookup', String(hostname), 'ENOTFOUND');
    return promisesLookup.call(this, hostname, ...rest);
  };
  // Resolving names asks a DNS server, which is off this machine.
  for (const name of [
    'resolve',
    'resolve4',
    'resolve6',
    'resolveAny',
    'resolveCname',
    'resolveMx',
    'resolveTxt',
    'resolveSrv',
    'resolveNs',
    'reverse',
  ]) {
    dns[name] = (hostname, ...rest) => {
      const callback = rest[rest.length - 1];
      const error = refuse('a DNS query', String(hostname), 'ENOTFOUND');
      if (typeof callback === 'function') process.nextTick(() => callback(error));
    };
    dns.promises[name] = async (hostname) => {
      throw refuse('a DNS query', String(hostname), 'ENOTFOUND');
    };
  }

  const send = dgram.Socket.prototype.send;
  dgram.Socket.prototype.send = function (...args) {
    const address = args.find((arg, index) => index > 0 && typeof arg === 'string');
    if (address !== undefined && !isLocal(address)) {
      const callback = args[args.length - 1];
      const error = refuse('a datagram', address, 'ECONNREFUSED');
      if (typeof callback === 'function') process.nextTick(() => callback(error));
      return;
    }
    return send.apply(this, args);
  };
};

module.exports = { install, isLocal };

// Preloaded with `node --require …/offline-guard.cjs`: guard the whole process.
if (process.env.STATEMENT_VAULT_OFFLINE_GUARD === 'preload') install();
