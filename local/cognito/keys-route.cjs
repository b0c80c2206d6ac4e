'use strict';
/**
 * Preloaded (`--require`) into the web app's process on the local stack: a request for a
 * Cognito user pool's public keys (`https://cognito-idp.<region>.amazonaws.com/<pool>/
 * .well-known/jwks.json`, where Amplify's Next.js adapter looks to check the tokens in a
 * request's cookies) goes to the local Cognito named by STATEMENT_VAULT_LOCAL_COGNITO_URL,
 * which serves its pool's keys at the same path. Every other request is left alone (and
 * the offline guard refuses any that would leave this machine).
 *
 * Plain CommonJS so that any Node process can preload it with `--require`.
 */
const http = require('node:http');
const https = require('node:https');
const { syncBuiltinESMExports } = require('node:module');

const target = process.env.STATEMENT_VAULT_LOCAL_COGNITO_URL;
const KEYS = /^https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com\/[^/]+\/\.well-known\/jwks\.json$/;

/** The local URL for a Cognito keys request, or undefined for anything else. */
const localKeysUrl = (input, local = target) => {
  const url = typeof input === 'string' || input instanceof URL ? String(input) : undefined;
  if (!local || !url || !KEYS.test(url)) return undefined;
  const { pathname } = new URL(url);
  return new URL(pathname, local).toString();
};

if (target) {
  const request = https.request;
  const get = https.get;
  https.request = function (input, ...rest) {
    const local = localKeysUrl(input);
    return local
      ? http.request(
          local,
          ...rest.map((arg) => (typeof arg === 'object' && arg && !Array.isArray(arg) ? { ...arg, agent: undefined } : arg)),
        )
      : request.call(this, input, ...rest);
  };
  https.get = function (input, ...rest) {
    const local = localKeysUrl(input);
    if (!local) return get.call(this, input, ...rest);
    const req = https.request(input, ...rest);
    req.end();
    return req;
  };
  syncBuiltinESMExports();
}

module.exports = { localKeysUrl };
