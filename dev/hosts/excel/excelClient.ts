// The add-in's `Excel` global in the stand-in runtimes: Excel.run with a
// request context whose objects are proxies that queue commands, and
// context.sync() that sends the queue to the host and fills in what was
// loaded, the way office.js talks to Excel ("the add-in's process to the Office
// host application's process", RequestContext in @types/office-js).
// Self-contained (it is also serialized into the task pane's page): it uses
// nothing outside its own body.

/** Excel.RunOptions the stand-in heeds: wait for the end of a cell edit instead of failing. */
export interface RunOptions {
  delayForCellEdit?: boolean;
}

/** Sends one batch of a run to the host: `ops` null ends the run. */
export type SendBatch = (
  runId: number,
  ops: unknown[] | null,
  options?: RunOptions,
) => Promise<unknown>;

export function installExcelClient(scope: Record<string, unknown>, send: SendBatch): void {
  interface Node {
    parent?: Node;
    name: string;
    kind: 'root' | 'get' | 'call';
    args?: unknown[];
    handle?: string;
    children: Map<string, Node>;
  }
  interface Answer {
    loaded: Record<string, Record<string, unknown>>;
    values: Record<string, unknown>;
    nulls: Record<string, boolean>;
    error?: { code: string; message: string };
  }
  let runs = 0;

  type Batch<T> = (context: { workbook: unknown; sync(): Promise<void> }) => Promise<T>;

  // Excel.run(batch) or Excel.run(options, batch), as @types/office-js declares both.
  async function run<T>(first: Batch<T> | RunOptions, second?: Batch<T>) {
    const batch = typeof first === 'function' ? first : second;
    if (batch === undefined) throw new TypeError('Excel.run needs a batch function');
    const runOptions: RunOptions =
      typeof first === 'function' ? {} : { delayForCellEdit: first.delayForCellEdit === true };
    const runId = ++runs;
    let counter = 0;
    const queue: unknown[] = [];
    const loaded = new Map<string, Record<string, unknown>>();
    const results = new Map<string, unknown>();
    const nulls = new Map<string, boolean>();
    const nodes = new WeakMap<object, Node>();

    const serialize = (value: unknown): unknown => {
      const node = typeof value === 'function' ? nodes.get(value) : undefined;
      if (node) return { handle: materialize(node) };
      return value;
    };

    function materialize(node: Node): string {
      if (node.handle !== undefined) return node.handle;
      const parent = node.parent ? materialize(node.parent) : 'workbook';
      const handle = `c${runId}.${++counter}`;
      node.handle = handle;
      queue.push({
        kind: node.kind,
        target: parent,
        name: node.name,
        args: node.args?.map(serialize),
        result: handle,
      });
      return handle;
    }

    function proxyOf(node: Node): unknown {
      const proxy: unknown = new Proxy(function () {}, {
        get(_target, name) {
          if (typeof name !== 'string' || name === 'then') return undefined;
          const props = node.handle === undefined ? undefined : loaded.get(node.handle);
          if (name === 'load') {
            return (names?: string | string[]) => {
              queue.push({
                kind: 'load',
                target: materialize(node),
                name: 'load',
                args: Array.isArray(names) ? names : [names ?? ''],
              });
              return proxy;
            };
          }
          if (name === 'isNullObject')
            return node.handle !== undefined && nulls.get(node.handle) === true;
          if (name === 'value' && node.handle !== undefined && results.has(node.handle))
            return results.get(node.handle);
          if (name === 'toJSON') return () => ({ ...props });
          if (props && name in props) return props[name];
          let child = node.children.get(name);
          if (!child) {
            child = { parent: node, name, kind: 'get', children: new Map() };
            node.children.set(name, child);
          }
          return proxyOf(child);
        },
        set(_target, name, value) {
          queue.push({
            kind: 'set',
            target: materialize(node),
            name: String(name),
            value: serialize(value),
          });
          return true;
        },
        apply(_target, _this, args: unknown[]) {
          // A method: the property step becomes a call on the parent.
          const parent = node.parent;
          const call: Node = { parent, name: node.name, kind: 'call', args, children: new Map() };
          materialize(call);
          return proxyOf(call);
        },
      });
      nodes.set(proxy as object, node);
      return proxy;
    }

    function itemProxy(handle: string, props: Record<string, unknown>): unknown {
      loaded.set(handle, { ...(loaded.get(handle) ?? {}), ...withItems(props) });
      return proxyOf({ name: 'item', kind: 'get', handle, children: new Map() });
    }

    function withItems(props: Record<string, unknown>): Record<string, unknown> {
      const items = props['items'];
      if (!Array.isArray(items)) return props;
      return {
        ...props,
        items: items.map((item: { handle: string; props: Record<string, unknown> }) =>
          itemProxy(item.handle, item.props),
        ),
      };
    }

    async function sync(): Promise<void> {
      const ops = queue.splice(0);
      if (ops.length === 0) return;
      const answer = (await send(runId, ops, runOptions)) as Answer;
      for (const [handle, props] of Object.entries(answer.loaded)) {
        loaded.set(handle, { ...(loaded.get(handle) ?? {}), ...withItems(props) });
      }
      for (const [handle, value] of Object.entries(answer.values)) results.set(handle, value);
      for (const [handle, isNull] of Object.entries(answer.nulls)) nulls.set(handle, isNull);
      if (answer.error) {
        const error = new Error(answer.error.message) as Error & { code: string };
        error.code = answer.error.code;
        throw error;
      }
    }

    const root: Node = { name: 'workbook', kind: 'root', handle: 'workbook', children: new Map() };
    try {
      const result = await batch({ workbook: proxyOf(root), sync });
      await sync();
      return result;
    } finally {
      await send(runId, null);
    }
  }

  scope['Excel'] = {
    run,
    CalculationType: { recalculate: 'Recalculate', full: 'Full', fullRebuild: 'FullRebuild' },
  };
}
