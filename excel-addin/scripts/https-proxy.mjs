// `npm run start:excel:https`: Excel on the web loads add-ins over HTTPS only.
// This serves the running service (`npm start`, default http://localhost:3000)
// as https://localhost:3443 with a certificate from office-addin-dev-certs
// (it creates a local CA once and asks the system to trust it), after building
// the add-in with that BASE_URL, so add-in pages and API calls both go over HTTPS.
//   node excel-addin/scripts/https-proxy.mjs [--port 3443] [--target http://localhost:3000]
//     [--certs <dir with ca.crt, localhost.crt, localhost.key>] [--no-build]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3443' },
    target: { type: 'string', default: 'http://localhost:3000' },
    certs: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const baseUrl = `https://localhost:${values.port}`;
const target = new URL(values.target);

if (!values['no-build']) {
  const webpack = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
  const config = path.join(root, 'excel-addin/webpack.config.cjs');
  const built = spawnSync(process.execPath, [webpack, '--config', config, '--mode', 'production'], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: baseUrl },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function tlsOptions() {
  if (values.certs === undefined) {
    const { getHttpsServerOptions } = await import('office-addin-dev-certs');
    return getHttpsServerOptions();
  }
  const read = (name) => readFileSync(path.join(values.certs, name));
  return { ca: read('ca.crt'), cert: read('localhost.crt'), key: read('localhost.key') };
}

const server = https.createServer(await tlsOptions(), (req, res) => {
  const upstream = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: target.host, 'x-forwarded-proto': 'https' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Der Dienst unter ${target.origin} ist nicht erreichbar (npm start?).`);
  });
  req.pipe(upstream);
});

server.listen(Number(values.port), 'localhost', () => {
  const { port } = server.address();
  process.stdout.write(
    `https://localhost:${port} → ${target.origin}\n` +
      `Excel on the web: Start > Add-Ins > Weitere Add-Ins > Meine Add-Ins > "Mein Add-In hochladen",\n` +
      `choose excel-addin/dist/manifest.xml (also at ${baseUrl}/excel/manifest.xml).\n`,
  );
});
