/**
 * The hosts the BFF serves (DNS rebinding; docs/decisions/0020-hosts-the-bff-serves.md). A page on
 * `rebind.attacker.example` whose name is made to resolve to the BFF's address is, to the browser,
 * same-origin with that name: its requests carry `Host: rebind.attacker.example` and a matching
 * `Origin`, so the CSRF check (Origin against the request's own host) passes them. Refusing every
 * Host the BFF does not serve is what stops them: 421 before anything else runs.
 *
 * Served: the names given (BFF_ALLOWED_HOSTS, the host of BFF_PUBLIC_URL), and loopback names and
 * addresses (`localhost`, 127.0.0.0/8, `[::1]`) on the port the request came in on. A browser sends
 * a loopback Host only for a page whose origin is that loopback name and port, that is the BFF's
 * own; so loopback is served in either mode (the embedded upstream delivers its webhooks to
 * 127.0.0.1, and a probe on the machine may use it too). Without a port, the Host means the scheme's
 * default port (80), which is served only when the BFF listens there.
 */
import { isIP } from 'node:net';

/** `host[:port]` as compared: lowercase, without a default port (80, 443) a browser leaves out. */
export function normalHost(host: string): string {
  const h = host.trim().toLowerCase();
  return /:(?:80|443)$/.test(h) ? h.slice(0, h.lastIndexOf(':')) : h;
}

/**
 * One entry of BFF_ALLOWED_HOSTS (`host[:port]`) as `normalHost` writes it, or an error naming the
 * variable: no scheme, path or wildcard (a name that matches everything would undo the check).
 */
export function allowedHostOf(entry: string, variable = 'BFF_ALLOWED_HOSTS'): string {
  const raw = entry.trim();
  let url: URL | undefined;
  try {
    url = new URL(`http://${raw}`);
  } catch {
    url = undefined;
  }
  // The URL parser lowercases and takes `[::1]`; anything it moves into a path, user or query is no host.
  const host = url && `${url.hostname}${url.port ? `:${url.port}` : ''}`;
  if (!url || !host || normalHost(raw) !== normalHost(host) || raw.includes('*')) {
    throw new Error(
      `${variable} takes host names with an optional port (host[:port], comma-separated, e.g. lists.example.com,lists.example.com:8443); got "${entry}"`,
    );
  }
  return normalHost(host);
}

/** Is the name (no port; an IPv6 address in brackets) a loopback name or address? */
function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name === '[::1]') return true;
  return name.startsWith('127.') && isIP(name) === 4;
}

/**
 * Whether the BFF serves the host of `url` (a request's absolute URL, as the Node adapter, the way
 * below it and `new Request` write it: lowercase, its path starting with `/`). `arrivalPort`: the
 * local port of the socket the request came in on; undefined for a request handed to the app's
 * `fetch` in the process (a test, an eval), which came from no network: then a loopback name is
 * served on any port.
 */
export type HostCheck = (url: string, arrivalPort: number | undefined) => boolean;

export function hostCheck(allowed: readonly string[]): HostCheck {
  const served: ReadonlySet<string> = new Set(allowed.map(normalHost));
  return (url, arrivalPort) => {
    const authority = hostOf(url);
    if (served.has(authority)) return true;
    if (authority.includes('@')) return false;
    const colon = authority.lastIndexOf(':');
    const hasPort = colon > authority.lastIndexOf(']');
    const name = hasPort ? authority.slice(0, colon) : authority;
    const port = hasPort ? authority.slice(colon + 1) : '';
    if (hasPort && (port === '80' || port === '443') && served.has(name)) return true;
    if (!isLoopbackName(name)) return false;
    if (arrivalPort === undefined) return true;
    const effective = port === '' ? (url.startsWith('https:') ? 443 : 80) : Number(port);
    return effective === arrivalPort;
  };
}

/** The host (`host[:port]`) of an absolute URL as written in it: no URL parse per request. */
export function hostOf(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end < 0 ? url.length : end);
}

/** The 421's words: the host refused, and what an operator does about a name that should be served. */
export function misdirected(url: string): string {
  return `This BFF does not serve the host ${JSON.stringify(hostOf(url))}. Open it by the address it is served at; an operator adds the names it is reached by to BFF_ALLOWED_HOSTS.`;
}
