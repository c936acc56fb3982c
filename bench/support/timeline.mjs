// `--import ./bench/support/timeline.mjs` (with bench/profile.ts's
// --node-args): a timeline of each request on the server, written to stderr
// when its answer is finished: when each sqlite3 statement and each outgoing
// fetch began and ended, in milliseconds since the request arrived. Only
// sequential load reads well (the cold scenarios): with requests in
// parallel, each statement is given to the newest request.
import { createRequire } from 'node:module';
import http from 'node:http';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { URL } from 'node:url';

const require = createRequire(import.meta.url);
let current;
const now = () => performance.now();
const mark = (what, start) => {
  if (current) current.events.push([what, start - current.t0, now() - current.t0]);
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && !req.url.startsWith('/healthz')) {
    const request = { t0: now(), url: req.url.split('?')[0], events: [] };
    current = request;
    res.on('finish', () => {
      const line = request.events
        .map(([what, s, e]) => `${what} ${s.toFixed(2)}–${e.toFixed(2)}`)
        .join(' | ');
      process.stderr.write(
        `TIMELINE ${request.url} ${(now() - request.t0).toFixed(2)} :: ${line}\n`,
      );
    });
  }
  return emit.apply(this, arguments);
};

const end = http.ServerResponse.prototype.end;
http.ServerResponse.prototype.end = function (...args) {
  mark('end', now());
  return end.apply(this, args);
};

const sqlite3 = require('sqlite3');
for (const method of ['all', 'run', 'get', 'exec']) {
  for (const proto of [sqlite3.Database.prototype, sqlite3.Statement.prototype]) {
    const original = proto[method];
    if (typeof original !== 'function') continue;
    proto[method] = function (...args) {
      const start = now();
      const sql = typeof args[0] === 'string' ? args[0].slice(0, 40).replace(/\s+/g, ' ') : method;
      const i = args.findLastIndex((a) => typeof a === 'function');
      if (i >= 0) {
        const callback = args[i];
        args[i] = function (...results) {
          mark(`sql[${sql}]`, start);
          return callback.apply(this, results);
        };
      }
      return original.apply(this, args);
    };
  }
}

const originalFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const start = now();
  const res = await originalFetch(input, init);
  mark(`fetch-headers[${new URL(String(input)).pathname}]`, start);
  return res;
};
