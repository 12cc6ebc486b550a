import { toasts } from "~/sessions.server";
import { makeRequest } from "../../helpers/factories";

export function form(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

export const post = (path: string, cookie: string, fields: Record<string, string | Blob>) =>
  makeRequest(path, { method: "POST", cookie, body: form(fields) });

/** The flash toast a redirect carries (its signed cookie), as the next page would read it. */
export async function toastOf(headers: Headers) {
  const cookie = (headers.get("Set-Cookie") ?? "").split(/,(?=\s*__)/).find((c) => c.trim().startsWith("__toast="));
  if (!cookie) return null;
  const { toast } = await toasts().getToast(makeRequest("/", { cookie: cookie.split(";")[0].trim() }));
  return toast ? { type: toast.type, message: toast.message } : null;
}
