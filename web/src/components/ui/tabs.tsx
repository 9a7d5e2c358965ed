import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from './cn';

type TabItem<K extends string> = {
  id: K;
  label: string;
  /** A second line under the label; `null` keeps its room while it is not known yet (no layout shift). */
  hint?: ReactNode;
};

type TabsProps<K extends string> = {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** Renders the selected tab's panel; the others are not mounted (each loads only when opened). */
  children: ReactNode;
  className?: string;
};

/**
 * A WAI-ARIA tablist with automatic activation: Left/Right move and open the neighbouring tab
 * (wrapping), Home/End the first/last; only the selected tab is in the Tab order.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className,
}: TabsProps<K>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const focusTab = (id: K) => {
    onSelect(id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${id}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.findIndex((t) => t.id === selected);
    let next: TabItem<K> | undefined;
    if (e.key === 'ArrowRight') next = tabs[(i + 1) % tabs.length];
    else if (e.key === 'ArrowLeft') next = tabs[(i - 1 + tabs.length) % tabs.length];
    else if (e.key === 'Home') next = tabs[0];
    else if (e.key === 'End') next = tabs[tabs.length - 1];
    if (next) {
      e.preventDefault();
      focusTab(next.id);
    }
  };

  return (
    <div className={className}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="relative flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((t) => {
          const active = t.id === selected;
          return (
            <button
              key={t.id}
              id={tabId(t.id)}
              data-tab={t.id}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.id)}
              className={cn(
                '-mb-px flex shrink-0 flex-col items-start border-b-2 px-3 pt-2 pb-1.5 text-left text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600',
                active
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              <span>{t.label}</span>
              {t.hint != null && <span className="sr-only">, </span>}
              {t.hint != null && (
                <span className={cn('text-[11px] font-normal', active ? 'text-indigo-600' : 'text-hint')}>
                  {t.hint}
                </span>
              )}
              {t.hint === null && (
                <span aria-hidden="true" className="text-[11px]">
                  {'\u00a0'}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="pt-5 outline-none">
        {children}
      </div>
    </div>
  );
}
