import { makeRequest } from "../helpers/factories";

export type Called = { status: number; body: any; headers: Headers };

/** Calls a route function and gives back status and JSON, whether it returned or threw a Response. */
export async function call(run: () => Promise<Response> | Response): Promise<Called> {
  let res: Response;
  try {
    res = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    res = thrown;
  }
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  // headers stay out of equality checks
  return Object.defineProperty({ status: res.status, body }, "headers", {
    value: res.headers,
    enumerable: false,
  }) as Called;
}

export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

export type Route = (routeArgs: ReturnType<typeof args>) => Promise<Response> | Response;

/** Calls a loader or action with this request, as `call` answers. */
export const callRequest = (fn: Route, request: Request, params?: Record<string, string>) =>
  call(() => fn(args(request, params)));

/** Calls a loader or action with a request to this path (see makeRequest), as `call` answers. */
export const callRoute = (
  fn: Route,
  path: string,
  init?: Parameters<typeof makeRequest>[1],
  params?: Record<string, string>,
) => callRequest(fn, makeRequest(path, init), params);
