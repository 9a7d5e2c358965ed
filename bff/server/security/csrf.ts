/**
 * CSRF defence for unsafe methods (docs/decisions/0005-bff-guard.md): the custom header the web app
 * always sends (a cross-site form cannot set it, and a cross-site fetch with it needs a CORS
 * preflight the BFF never grants) AND a same-origin `Origin` (or, where a browser omits Origin,
 * `Sec-Fetch-Site: same-origin`).
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** `scheme://host[:port]` of an absolute URL, as written in it (a request's URL is normalised). */
function originOf(url: string): string {
  const afterScheme = url.indexOf('//');
  if (afterScheme < 0) return '';
  const path = url.indexOf('/', afterScheme + 2);
  return path < 0 ? url : url.slice(0, path);
}

/** Why the request is refused, or undefined when it passes. */
export function csrfRefusal(
  headers: { get(name: string): string | null | undefined },
  requestUrl: string,
  allowedOrigins: readonly string[] = [],
): string | undefined {
  if (headers.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
    return `Requests that change something must carry the ${CSRF_HEADER}: ${CSRF_HEADER_VALUE} header.`;
  }
  const origin = headers.get('origin');
  if (origin) {
    // The common case without parsing either URL: exactly the request's own scheme and host.
    if (origin === originOf(requestUrl)) return undefined;
    if (origin === 'null') return 'Requests from an opaque origin are refused.';
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      return 'The Origin header is malformed.';
    }
    // Host comparison (not scheme): behind a TLS-terminating proxy the BFF sees http while the browser
    // says https; the host (name and port) is what an attacker's page cannot share.
    const self = new URL(requestUrl);
    if (originUrl.host === self.host || allowedOrigins.includes(originUrl.origin)) return undefined;
    return 'Cross-origin requests are refused.';
  }
  if (headers.get('sec-fetch-site') === 'same-origin') return undefined;
  return 'Requests that change something must come from this site (send an Origin header).';
}
