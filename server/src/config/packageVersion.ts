// The package's version: the version of the API (OpenAPI info.version) and
// of the MCP server, read once from package.json.
import { readFileSync } from 'node:fs';
import { fromProjectRoot } from './projectRoot.js';

export const API_VERSION = (
  JSON.parse(readFileSync(fromProjectRoot('package.json'), 'utf8')) as { version: string }
).version;
