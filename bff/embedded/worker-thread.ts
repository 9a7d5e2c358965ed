/**
 * Starting a module of this project as a worker thread, whether it runs as TypeScript under tsx or
 * as compiled JavaScript. Worker threads do not inherit tsx's module hooks, so a TypeScript module
 * is started through a tiny ES module that registers tsx first, then imports it.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `moduleUrl`'s sibling `name` (no extension), with the extension `moduleUrl` itself has. */
export function siblingModule(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);
}

export function startModuleWorker(url: URL, options?: WorkerOptions): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options);
  const bootstrap = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(url.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options);
}
