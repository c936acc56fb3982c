/** A bad environment variable; start-up stops with this message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
