/** A minimal Server-Sent Events reader over fetch for tests: frames, comments and `retry:` kept apart. */

export type SseFrame = { event?: string; id?: string; data?: string; retry?: number; comments: string[] };

export type SseClient = {
  response: Response;
  /** The next frame that carries an event (comments-only frames are collected in `comments`). */
  nextEvent: () => Promise<SseFrame>;
  /** Every frame read so far. */
  frames: SseFrame[];
  close: () => Promise<void>;
};

/** `headers`: those of a signed-in browser in team mode (its cookie; `RunningBff.as`), none in local mode. */
export async function openEvents(baseUrl: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/bff/events`, {
    headers: {
      ...headers,
      accept: 'text/event-stream',
    },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const frames: SseFrame[] = [];
  let buffer = '';
  let readerDone = false;

  const readFrame = async (): Promise<SseFrame> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: SseFrame = { comments: [] };
        for (const line of raw.split('\n')) {
          if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
          else {
            const i = line.indexOf(':');
            const field = line.slice(0, i);
            const value = line.slice(i + 1).replace(/^ /, '');
            if (field === 'event') frame.event = value;
            else if (field === 'id') frame.id = value;
            else if (field === 'data')
              frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
            else if (field === 'retry') frame.retry = Number(value);
          }
        }
        frames.push(frame);
        return frame;
      }
      if (readerDone) throw new Error('event stream ended');
      const { done, value } = await reader.read();
      if (done) readerDone = true;
      else buffer += value;
    }
  };

  // The first frame (retry hint and comment) means the server has subscribed this tab.
  await readFrame();
  return {
    response,
    frames,
    nextEvent: async () => {
      for (;;) {
        const frame = await readFrame();
        if (frame.event) return frame;
      }
    },
    close: async () => {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
