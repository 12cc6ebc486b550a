import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { apiNotFound } from "~/http/api.server";
import { getRequest } from "~/models/booking/requests.server";

/** After a write: {data: the request as GET answers it}, or 404 when the write found no request of the company. */
export async function requestAnswer(ctx: CallerContext, id: number, done: unknown): Promise<Response> {
  const request = done ? await getRequest(ctx, id) : null;
  return request ? json({ data: request }) : apiNotFound();
}
