import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { uploadEstimateFile } from "~/models/estimates/estimate-attachments.server";
import { toasts } from "~/sessions.server";

/**
 * A file posted from the estimate details page (multipart, `?upload=attachment|currentState`): the
 * API's upload on the page's estimate, then back to the page with a toast, or the refusal beside
 * the section's file field.
 */
export async function estimateUploadAction(request: Request, ctx: CallerContext, id: number): Promise<Response> {
  const kind = new URL(request.url).searchParams.get("upload") === "currentState" ? "currentState" : "attachment";
  const res = await uploadEstimateFile(request, ctx, kind, id);
  if (res.status === 404) notFound();
  if (res.ok) return toasts().redirectWithSuccess(`/estimates/${id}`, "File was uploaded successfully!");
  const body = (await res.json()) as { errors?: Record<string, string>; message?: string };
  return json({ errors: { [kind]: body.errors?.files ?? body.message ?? "Upload failed" } }, { status: 400 });
}
