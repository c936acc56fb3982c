// A loopback proxy in front of a fake (Nominatim or WFS) that damages the
// real answer on demand: the fakes' own fault modes plus malformed bodies,
// bodies of the wrong shape, very large bodies, binary junk and well-formed
// bodies nested deeper than any real one (5,000 gml:MultiSurface).
import type { IncomingMessage } from 'node:http';
import { FAULT_MODES, FaultSwitch, respond, type FaultMode } from '#dev/fakes/faults.js';
import { startLoopback, type LoopbackServer } from '#dev/fakes/loopback.js';

export const EXTRA_FAULTS = ['malformed', 'wrong-shape', 'huge', 'binary', 'nested'] as const;
export type ProxyFault = FaultMode | (typeof EXTRA_FAULTS)[number];
export const PROXY_FAULTS: readonly ProxyFault[] = [...FAULT_MODES, ...EXTRA_FAULTS];

/** Size of the `huge` answer: well-formed, but far beyond any real one. */
export const HUGE_BYTES = 40 * 1024 * 1024;
/** Depth of the `nested` answer. */
export const NESTED_DEPTH = 5000;

export interface FaultProxy extends LoopbackServer {
  fault: ProxyFault | undefined;
  /** Requests that got a fault so far. */
  injected: number;
}

const isJson = (contentType: string) => /json/i.test(contentType);

function damaged(fault: (typeof EXTRA_FAULTS)[number], contentType: string, body: string) {
  const json = isJson(contentType);
  switch (fault) {
    case 'malformed': {
      const middle = Math.floor(body.length / 2);
      return body.slice(0, middle) + (json ? '}},]{"' : '</<&bad;>') + body.slice(middle);
    }
    case 'wrong-shape':
      return json
        ? '{"type":"Unexpected","items":{"a":[1,2,3]}}'
        : '<?xml version="1.0"?><Unexpected><a>1</a></Unexpected>';
    case 'huge': {
      const unit = json ? '{"x":"aaaaaaaa"},' : '<x>aaaaaaaaaaaaaaa</x>';
      const repeat = unit.repeat(Math.ceil(HUGE_BYTES / unit.length));
      return json ? `[${repeat}{}]` : `<?xml version="1.0"?><r>${repeat}</r>`;
    }
    case 'binary':
      return Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)).toString(
        'latin1',
      );
    case 'nested':
      return json
        ? `${'['.repeat(NESTED_DEPTH)}${']'.repeat(NESTED_DEPTH)}`
        : '<?xml version="1.0"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
            'xmlns:gml="http://www.opengis.net/gml/3.2"><wfs:member><Zone><geometrie>' +
            '<gml:MultiSurface>'.repeat(NESTED_DEPTH) +
            '</gml:MultiSurface>'.repeat(NESTED_DEPTH) +
            '</geometrie></Zone></wfs:member></wfs:FeatureCollection>';
  }
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const state = { fault: undefined as ProxyFault | undefined, injected: 0 };
  const passThrough = new FaultSwitch();
  const server = await startLoopback((req: IncomingMessage, res, body) => {
    const fault = state.fault;
    if (fault) state.injected += 1;
    void fetch(target + (req.url ?? '/'), {
      method: req.method ?? 'GET',
      headers: {
        'user-agent': req.headers['user-agent'] ?? '',
        'content-type': req.headers['content-type'] ?? 'text/plain',
      },
      ...(req.method === 'POST' ? { body } : {}),
    }).then(
      async (upstream) => {
        const contentType = upstream.headers.get('content-type') ?? 'application/octet-stream';
        const text = await upstream.text();
        if (fault === undefined || (FAULT_MODES as readonly string[]).includes(fault)) {
          passThrough.set(fault as FaultMode | undefined, 1);
          respond(res, upstream.status, contentType, text, passThrough.take());
          return;
        }
        const extra = fault as (typeof EXTRA_FAULTS)[number];
        const type = extra === 'binary' ? 'application/octet-stream' : contentType;
        res
          .writeHead(200, { 'Content-Type': type })
          .end(damaged(extra, contentType, text), extra === 'binary' ? 'latin1' : 'utf8');
      },
      () => res.socket?.destroy(),
    );
  });
  return Object.assign(state, { url: server.url, close: () => server.close() });
}
