import { type ActionFunctionArgs } from "@remix-run/node";
import { uploadJobFile } from "~/routes/api+/jobs+/__jobs-api.server";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** POST /api/jobs/currentStateAttachment (multipart: jobId, files: one file per call) → 201 {data: attachment}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  return uploadJobFile(request, ctx, "currentState");
}
