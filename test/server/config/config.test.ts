import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/config.js';

describe('loadConfig', () => {
  it('fills every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.authUrl).toBe('http://localhost:3000');
    expect(config.billingUrl).toBe('http://localhost:3000/dashboard/billing');
    expect(config.databaseUrl).toBe('sqlite:./data/brw.sqlite');
    expect(config.redisUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.rateLimitPerMinute).toBe(120);
    expect(config.paymentGraceDays).toBe(14);
    expect(config.cache).toEqual({
      freshSeconds: 86_400,
      maxAgeSeconds: 2_592_000,
      hotSeconds: 10,
    });
    expect(config.geocoder.minIntervalMs).toBe(1000);
    expect(config.planPrices).toEqual({
      starter: 'auf Anfrage',
      pro: 'auf Anfrage',
      enterprise: 'auf Anfrage',
    });
  });

  it('takes the plan prices as the operator writes them; an empty one is "auf Anfrage"', () => {
    const config = loadConfig({
      PLAN_PRICE_STARTER: ' 49 € zzgl. USt. ',
      PLAN_PRICE_PRO: '199 €',
      PLAN_PRICE_ENTERPRISE: '',
    });
    expect(config.planPrices).toEqual({
      starter: '49 € zzgl. USt.',
      pro: '199 €',
      enterprise: 'auf Anfrage',
    });
  });

  it('derives URLs from BASE_URL and drops a trailing slash', () => {
    const config = loadConfig({
      BASE_URL: 'https://brw.example.de/',
      PORT: '8080',
      TRUST_PROXY: '1',
    });
    expect(config.baseUrl).toBe('https://brw.example.de');
    expect(config.authUrl).toBe('https://brw.example.de');
    expect(config.billingUrl).toBe('https://brw.example.de/dashboard/billing');
    expect(config.mail.from).toBe('Bodenrichtwert <noreply@brw.example.de>');
  });

  it('refuses an https BASE_URL without TRUST_PROXY, naming the fix (no sign-in could work)', () => {
    expect(() => loadConfig({ BASE_URL: 'https://brw.example.de' })).toThrow(ConfigError);
    expect(() => loadConfig({ BASE_URL: 'https://brw.example.de' })).toThrow(/TRUST_PROXY=1/);
    expect(loadConfig({ BASE_URL: 'http://localhost:3000' }).trustProxy).toBe(false);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['BASE_URL', { BASE_URL: 'not a url' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['RATE_LIMIT_PER_MINUTE', { RATE_LIMIT_PER_MINUTE: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'somewhere' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['PLAN_PRICE_PRO', { PLAN_PRICE_PRO: 'x'.repeat(101) }],
    ['GEOCODER_KIND', { GEOCODER_KIND: 'google' }],
  ])('stops with a message naming %s when it is bad', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('takes the geocoder engine from GEOCODER_KIND, Nominatim by default', () => {
    expect(loadConfig({}).geocoder).toMatchObject({
      kind: 'nominatim',
      url: 'https://nominatim.openstreetmap.org',
    });
    const photon = loadConfig({
      GEOCODER_KIND: 'photon',
      GEOCODER_URL: 'http://photon.internal:2322/',
    }).geocoder;
    expect(photon).toMatchObject({
      kind: 'photon',
      url: 'http://photon.internal:2322',
      minIntervalMs: 0,
    });
  });

  it('names the engines it knows when GEOCODER_KIND is none of them', () => {
    expect(() => loadConfig({ GEOCODER_KIND: 'google' })).toThrow(
      'GEOCODER_KIND: Invalid option: expected one of "nominatim"|"photon"',
    );
  });

  it('refuses GEOCODER_KIND=photon without GEOCODER_URL: the default URL is Nominatim', () => {
    expect(() => loadConfig({ GEOCODER_KIND: 'photon' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER_KIND: 'photon' })).toThrow(
      'GEOCODER_KIND=photon needs GEOCODER_URL',
    );
  });

  it('accepts a hop count or subnets for TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('refuses a cache max age below the fresh age', () => {
    expect(() => loadConfig({ CACHE_FRESH_SECONDS: '100', CACHE_MAX_AGE_SECONDS: '10' })).toThrow(
      'CACHE_MAX_AGE_SECONDS',
    );
  });

  it('takes CACHE_HOT_SECONDS from 0 to 300', () => {
    expect(loadConfig({ CACHE_HOT_SECONDS: '0' }).cache.hotSeconds).toBe(0);
    expect(() => loadConfig({ CACHE_HOT_SECONDS: '301' })).toThrow('CACHE_HOT_SECONDS');
    expect(() => loadConfig({ CACHE_HOT_SECONDS: '-1' })).toThrow('CACHE_HOT_SECONDS');
  });

  it('hashes passwords at scrypt N=2^17, r=8, p=1 unless PASSWORD_SCRYPT_LOG_N names another', () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ N: 131_072, r: 8, p: 1 });
    // OWASP's equivalent settings: less memory, more passes.
    expect(loadConfig({ PASSWORD_SCRYPT_LOG_N: '16' }).passwordHashCost).toEqual({
      N: 65_536,
      r: 8,
      p: 2,
    });
    expect(loadConfig({ PASSWORD_SCRYPT_LOG_N: '13' }).passwordHashCost).toEqual({
      N: 8192,
      r: 8,
      p: 10,
    });
  });

  it.each(['12', '18', '14.5', 'viel', '-17'])(
    'refuses PASSWORD_SCRYPT_LOG_N=%s at start, naming the allowed range',
    (value) => {
      const load = () => loadConfig({ PASSWORD_SCRYPT_LOG_N: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/PASSWORD_SCRYPT_LOG_N: must be a whole number from 13 to 17/);
    },
  );

  it('takes a map tile URL only with {z}, {x} and {y}', () => {
    expect(loadConfig({}).map).toEqual({ tileUrl: undefined, tileAttribution: '' });
    const tiles = loadConfig({
      MAP_TILE_URL: 'https://tiles.example.de/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Beispiel-Kacheln',
    });
    expect(tiles.map).toEqual({
      tileUrl: 'https://tiles.example.de/{z}/{x}/{y}.png',
      tileAttribution: '© Beispiel-Kacheln',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.de/{z}/{x}.png' })).toThrow(
      'MAP_TILE_URL',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'kacheln/{z}/{x}/{y}' })).toThrow('MAP_TILE_URL');
  });
});
