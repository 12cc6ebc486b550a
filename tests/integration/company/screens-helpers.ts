import { expect } from "vitest";
import { toasts } from "~/sessions.server";
import { accessFor, makeRequest } from "../../helpers/factories";
import { signedInAdmin } from "../sign-ins";
import { callRequest, type Called, type Route } from "./call";

export function form(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

export const post = (path: string, cookie: string, fields: Record<string, string | Blob>) =>
  makeRequest(path, { method: "POST", cookie, body: form(fields) });

/** Posts the form to the action, as a browser without JavaScript does. */
export const submit = (action: Route, path: string, cookie: string, fields: Record<string, string | Blob>) =>
  callRequest(action, post(path, cookie, fields));

/** The flash toast a redirect carries (its signed cookie), as the next page would read it. */
export async function toastOf(headers: Headers) {
  const cookie = (headers.get("Set-Cookie") ?? "").split(/,(?=\s*__)/).find((c) => c.trim().startsWith("__toast="));
  if (!cookie) return null;
  const { toast } = await toasts().getToast(makeRequest("/", { cookie: cookie.split(";")[0].trim() }));
  return toast ? { type: toast.type, message: toast.message } : null;
}

/** A new company's signed-in admin, with the access context for calling models directly. */
export async function admin() {
  const signedIn = await signedInAdmin();
  return { ...signedIn, ctx: (await accessFor(signedIn.userId)).ctx };
}

/** The answer to a refused form: 422, exactly these messages, and (among others) these values kept. */
export function expectRefusedForm(res: Called, fieldErrors: Record<string, string>, kept: Record<string, unknown>) {
  expect(res.status).toBe(422);
  expect(res.body.fieldErrors).toEqual(fieldErrors);
  expect(res.body.repopulateFields).toMatchObject(kept);
}
