/** A plain-text refusal that no cache keeps; thrown, so the webhook route answers before it stores a thing. */
export const refuseWebhook = (status: number, message: string): never => {
  throw new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};

/**
 * The raw body as text (a webhook's signature covers its exact bytes), refused with 413 past the
 * limit, declared or counted, without reading the rest.
 */
export async function readWebhookBody(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) refuseWebhook(413, "The request is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel().catch(() => undefined);
      refuseWebhook(413, "The request is too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
