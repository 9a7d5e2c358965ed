import type { BffEventType } from '@contract/bff';
import { useEffect, useRef, useState } from 'react';
import { subscribeBffConnection, subscribeBffEvent } from './bff-events';

/** Runs `onEvent` for each live event of `type` while the component is mounted. */
export function useBffEvent(type: BffEventType, onEvent: (data: unknown) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => subscribeBffEvent(type, (data) => handler.current(data)), [type]);
}

/** Whether the live event stream is open right now (false: poll instead). */
export function useBffEventsOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => subscribeBffConnection(setOpen), []);
  return open;
}
