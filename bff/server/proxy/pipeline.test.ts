import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitUrl } from './pipeline';

describe("a request's path and query, read without parsing its URL", () => {
  it('are what URL gives, for any URL a Request carries', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.constantFrom('', '?', '?a=1&a=2', '/../x/./y?q=%2F', '/v1/list/generate/companies/?#f'),
        (base, extra) => {
          const href = new Request(new URL(extra, base).href).url;
          const url = new URL(href);
          expect(splitUrl(href)).toEqual({ pathname: url.pathname, search: url.search });
        },
      ),
    );
    const ipv6 = 'http://[::1]:8787/api/v1/news?company=a#top';
    expect(splitUrl(ipv6)).toEqual({ pathname: '/api/v1/news', search: '?company=a' });
  });
});
