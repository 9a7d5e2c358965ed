import { cn } from './cn';

/** A grey placeholder bar shown where content is loading; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded bg-slate-200', className)} />;
}
