import { type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { uploadEstimateFile } from "~/models/estimates/estimate-attachments.server";
import { screens } from "~/access/route-table";

/** POST /api/estimates/currentStateAttachment (multipart: estimateId, files: one file per call) → 201 {data: attachment}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  if (request.method !== "POST") return methodNotAllowed();
  return uploadEstimateFile(request, ctx, "currentState");
}
