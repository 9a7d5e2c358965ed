/**
 * The upstream Company Data Service, as one `(Request) => Promise<Response>` (decisions section 1):
 * the embedded service in-process when UPSTREAM_URL is unset, otherwise the remote service.
 */
import { startService } from '../embedded/service';

export type Upstream = {
  kind: 'embedded' | 'remote';
  fetch: (req: Request) => Promise<Response>;
  /** The key the BFF injects; never sent to or seen by the browser. */
  apiKey: string;
  close: () => void;
};

export type UpstreamConfig = {
  upstreamUrl?: string;
  upstreamApiKey?: string;
  dataDir: string;
  companies?: number;
  seed?: number;
  log?: (line: string) => void;
};

export async function createUpstream(cfg: UpstreamConfig): Promise<Upstream> {
  if (cfg.upstreamUrl) {
    if (!cfg.upstreamApiKey) throw new Error('UPSTREAM_API_KEY is required when UPSTREAM_URL is set');
    const base = new URL(cfg.upstreamUrl);
    return {
      kind: 'remote',
      apiKey: cfg.upstreamApiKey,
      fetch: (req) => {
        const url = new URL(req.url);
        const target = new URL(
          url.pathname.replace(/^\//, '') + url.search,
          base.href.endsWith('/') ? base : `${base.href}/`,
        );
        return fetch(new Request(target, req));
      },
      close: () => {},
    };
  }
  const service = await startService({
    dataDir: cfg.dataDir,
    ...(cfg.companies !== undefined ? { companies: cfg.companies } : {}),
    ...(cfg.seed !== undefined ? { seed: cfg.seed } : {}),
    ...(cfg.log ? { log: cfg.log } : {}),
  });
  return { kind: 'embedded', apiKey: 'dev-enterprise-key', fetch: service.fetch, close: service.close };
}
