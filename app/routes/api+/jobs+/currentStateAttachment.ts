import { type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireJobsApi, uploadJobFile } from "~/models/jobs/jobs-api.server";

/** POST /api/jobs/currentStateAttachment (multipart: jobId, files: one file per call) → 201 {data: attachment}. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "POST") return methodNotAllowed();
  return uploadJobFile(request, ctx, "currentState");
}
