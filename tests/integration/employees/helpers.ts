/** Calls a route function and gives back status and JSON, whether it returned or threw a Response. */
export async function call(run: () => Promise<Response>) {
  let res: Response;
  try {
    res = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    res = thrown;
  }
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text && res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text,
  };
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
