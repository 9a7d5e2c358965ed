/**
 * The hosts the BFF serves (hosts.ts), how they are configured (config.ts) and the refusal to listen
 * on a public address without them (bind.ts). Over HTTP: hosts.http.test.ts and the guard's order
 * (proxy/way-in.http.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { bffConfigFromEnv } from '../config';
import { assertSafeBind } from './bind';
import { allowedHostOf, hostCheck } from './hosts';

describe('hostCheck', () => {
  const local = hostCheck([]);

  it('serves loopback names and addresses on the port the request came in on', () => {
    for (const url of [
      'http://localhost:8787/bff/usage',
      'http://127.0.0.1:8787/',
      'http://127.200.3.4:8787/api/v1/news',
      'http://[::1]:8787/healthz',
    ])
      expect(local(url, 8787), url).toBe(true);
  });

  it('refuses any other name, loopback on another port, and loopback without a port unless on 80', () => {
    for (const url of [
      'http://rebind.attacker.example:8787/bff/usage',
      'http://rebind.attacker.example/bff/usage',
      'http://localhost:5173/bff/usage',
      'http://localhost/bff/usage',
      'http://127.0.0.1/bff/usage',
      'http://app.localhost:8787/bff/usage',
      'http://localhost.:8787/bff/usage',
      'http://127.1:8787/bff/usage',
      'http://10.0.0.7:8787/bff/usage',
      'http://[::2]:8787/bff/usage',
      'http://0.0.0.0:8787/bff/usage',
      'http://user@localhost:8787/bff/usage',
    ])
      expect(local(url, 8787), url).toBe(false);
    // Without a port, a Host means the scheme's default port: served when the BFF listens there.
    expect(local('http://localhost/bff/usage', 80)).toBe(true);
    expect(local('https://localhost/bff/usage', 443)).toBe(true);
  });

  it('serves loopback on any port to a request handed to fetch in the process (no socket)', () => {
    expect(local('http://127.0.0.1/api/v1/news', undefined)).toBe(true);
    expect(local('http://localhost:1/api/v1/news', undefined)).toBe(true);
    expect(local('http://bff/api/v1/news', undefined)).toBe(false);
  });

  it('serves the names given, with their port, and a default port written or not', () => {
    const team = hostCheck(['lists.example.com', 'lists.example.com:8443', 'intranet:8080']);
    for (const url of [
      'http://lists.example.com/bff/usage',
      'http://lists.example.com:443/bff/usage',
      'https://lists.example.com/bff/usage',
      'http://lists.example.com:8443/bff/usage',
      'http://intranet:8080/',
      // Loopback on its port stays served (the embedded upstream's webhooks, a probe on the machine).
      'http://127.0.0.1:8787/bff/webhooks/company-addition',
    ])
      expect(team(url, 8787), url).toBe(true);
    for (const url of [
      'http://lists.example.com:9000/bff/usage',
      'http://intranet/',
      'http://evil.lists.example.com/bff/usage',
      'http://lists.example.com.evil.example/bff/usage',
    ])
      expect(team(url, 8787), url).toBe(false);
  });
});

describe('allowedHostOf', () => {
  it('takes host[:port], lowercased, default ports dropped', () => {
    expect(allowedHostOf(' Lists.Example.com ')).toBe('lists.example.com');
    expect(allowedHostOf('lists.example.com:443')).toBe('lists.example.com');
    expect(allowedHostOf('lists.example.com:8443')).toBe('lists.example.com:8443');
    expect(allowedHostOf('[::1]:8787')).toBe('[::1]:8787');
    expect(allowedHostOf('10.0.0.7:8787')).toBe('10.0.0.7:8787');
  });

  it('refuses a scheme, a path, a user, a wildcard or a bad port, naming the variable', () => {
    for (const bad of [
      'https://lists.example.com',
      'lists.example.com/app',
      'u@lists.example.com',
      '*',
      '*.example.com',
      'host:99999',
      'a b',
    ])
      expect(() => allowedHostOf(bad), bad).toThrow(/BFF_ALLOWED_HOSTS takes host names/);
  });
});

describe('configuration', () => {
  it('reads BFF_ALLOWED_HOSTS and the host of BFF_PUBLIC_URL', () => {
    expect(bffConfigFromEnv({}).allowedHosts).toEqual([]);
    expect(
      bffConfigFromEnv({
        BFF_ALLOWED_HOSTS: 'lists.example.com, lists.internal:8787',
        BFF_PUBLIC_URL: 'https://Lists.Example.com/',
      }).allowedHosts,
    ).toEqual(['lists.example.com', 'lists.internal:8787']);
    expect(bffConfigFromEnv({ BFF_PUBLIC_URL: 'https://lists.example.com:8443' }).allowedHosts).toEqual([
      'lists.example.com:8443',
    ]);
  });

  it('stops the start on a malformed value', () => {
    expect(() => bffConfigFromEnv({ BFF_ALLOWED_HOSTS: 'https://lists.example.com' })).toThrow(
      /BFF_ALLOWED_HOSTS/,
    );
    expect(() => bffConfigFromEnv({ BFF_PUBLIC_URL: 'lists.example.com' })).toThrow(/BFF_PUBLIC_URL/);
    expect(() => bffConfigFromEnv({ BFF_PUBLIC_URL: 'ftp://lists.example.com' })).toThrow(/BFF_PUBLIC_URL/);
  });
});

describe('listening on a public address', () => {
  it('team mode needs the names it is reached by; loopback needs none', () => {
    expect(() => assertSafeBind('0.0.0.0', 'team')).toThrow(/BFF_ALLOWED_HOSTS.*BFF_PUBLIC_URL/);
    expect(() => assertSafeBind('::', 'team', [])).toThrow(/DNS rebinding/);
    expect(() => assertSafeBind('0.0.0.0', 'team', ['lists.example.com'])).not.toThrow();
    expect(() => assertSafeBind('127.0.0.1', 'team')).not.toThrow();
    expect(() => assertSafeBind('127.0.0.1', 'local')).not.toThrow();
    // Local mode never listens elsewhere, names or not.
    expect(() => assertSafeBind('0.0.0.0', 'local', ['lists.example.com'])).toThrow(/Refusing to listen/);
  });
});
