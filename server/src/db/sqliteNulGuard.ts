// SQLite through Sequelize writes WHERE values into the SQL text, and
// node-sqlite3 ends that text at a NUL character: a NUL in a looked-up value
// (a login e-mail, a client id, a key id from the URL) turned the query into
// a syntax error and the answer into a 500. The NUL becomes U+FFFD in WHERE
// values, so such a value still matches nothing, as on MariaDB.
import type { Sequelize } from 'sequelize';

const WHERE_HOOKS = ['beforeFind', 'beforeCount', 'beforeBulkUpdate', 'beforeBulkDestroy'] as const;

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    // Operators (Op.in, Op.or …) are symbol keys; Reflect.ownKeys keeps them.
    const record = value as Record<string | symbol, unknown>;
    return Object.fromEntries(Reflect.ownKeys(record).map((key) => [key, withoutNul(record[key])]));
  }
  return value;
}

export function guardNulInWhere(sequelize: Sequelize): void {
  for (const hook of WHERE_HOOKS) {
    sequelize.addHook(hook, (options: { where?: unknown }) => {
      if (options.where !== undefined) options.where = withoutNul(options.where);
    });
  }
}
