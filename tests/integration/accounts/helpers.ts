import { desc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";

type RouteArgs = { request: Request; params?: Record<string, string>; context?: Record<string, unknown> };
type RouteFn = (args: never) => Promise<Response> | Response | Promise<unknown>;

/** Calls a loader or action as Remix would; a thrown Response is returned like an answer. */
export async function call(fn: RouteFn, request: Request, extra: Omit<RouteArgs, "request"> = {}): Promise<Response> {
  try {
    const result = await (fn as unknown as (args: RouteArgs) => Promise<unknown>)({
      request,
      params: extra.params ?? {},
      context: extra.context ?? { clientAddress: "203.0.113.1" },
    });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200, headers: { "Content-Type": "application/json" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The name=value part of a Set-Cookie header, to send back. */
export const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];

export async function lastEmailTo(to: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row;
}

export const codeFrom = (subject: string | null) => /(\d{6})/.exec(subject ?? "")?.[1] ?? "";
export const tokenFrom = (body: string) => decodeURIComponent(/reset\?token=([^\s"&]+)/.exec(body)?.[1] ?? "");

let seq = 0;
export const uniqueEmail = (prefix = "owner") =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++seq}@example.com`;

export function form(fields: Record<string, string | undefined>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, v);
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

export const jsonPost = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
