/**
 * Reading a JSON request body the same way in both servers: the content type must say JSON (415
 * otherwise), the body must not be empty and must parse (400 otherwise). Callers turn a refusal into
 * their own problem response.
 */

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

type JsonBody = { ok: true; value: unknown; text: string } | { ok: false; status: 400 | 415; detail: string };

export async function readJsonBody(req: Request): Promise<JsonBody> {
  if (!JSON_CONTENT_TYPE.test(req.headers.get('content-type') ?? '')) return notJson();
  return readJsonText(req.headers.get('content-type'), await req.text());
}

/** The same for a body already read as text (by a layer in front that looked at it first). */
export function readJsonText(contentType: string | null, text: string): JsonBody {
  if (!JSON_CONTENT_TYPE.test(contentType ?? '')) return notJson();
  if (text.trim() === '')
    return { ok: false, status: 400, detail: 'The request body is empty; send a JSON object.' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, text };
  } catch {
    return { ok: false, status: 400, detail: 'The request body is not valid JSON.' };
  }
}

function notJson(): JsonBody {
  return {
    ok: false,
    status: 415,
    detail: 'Send the request body as JSON with Content-Type: application/json.',
  };
}
