/**
 * Security headers on every response. The CSP fits the built Vite app: one module script and one
 * stylesheet from the same origin, no inline script or style element, no third-party anything.
 * React sets `style` through the CSSOM, which `style-src` does not govern, so no 'unsafe-inline'.
 */

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Only features Chromium knows: an unknown one ("bluetooth" in Debian's build) is a console warning
// on every page load.
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), interest-cohort=()';

export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': https
      ? `${CONTENT_SECURITY_POLICY}; upgrade-insecure-requests`
      : CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
