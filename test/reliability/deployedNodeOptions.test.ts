// The service runs with node options chosen and measured in docs/performance.md
// ("V8 settings of npm start"). The container of docs/operations.md runs node
// directly, not through npm, so its CMD must carry the same options: this test
// fails when one changes without the other.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};
const operations = await readFile('docs/operations.md', 'utf8');

describe('the node options the service is deployed with', () => {
  it('are the same in npm start and in the Dockerfile of docs/operations.md', () => {
    const start = packageJson.scripts.start?.split(/\s+/) ?? [];
    const cmd = /^CMD (\[.*\])$/m.exec(operations)?.[1];
    expect(cmd, 'a CMD line in docs/operations.md').toBeDefined();
    expect(JSON.parse(cmd ?? '[]')).toEqual(start);
  });

  it('size V8’s background threads to the machine', () => {
    expect(packageJson.scripts.start).toMatch(/ --v8-pool-size=0 /);
  });
});
