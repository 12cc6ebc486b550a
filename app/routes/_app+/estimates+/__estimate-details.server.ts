import { json } from "@remix-run/node";
import type { Access } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import {
  estimateEmployeesSchema,
  estimateOptionCreateSchema,
  estimateOptionIdSchema,
  estimateRenameSchema,
  estimateStatusSchema,
  estimateUndoSchema,
  optionRenameSchema,
} from "~/models/estimates/estimates.schema";
import {
  addOption,
  assignEstimateEmployees,
  deleteEstimate,
  deleteOption,
  renameEstimate,
  renameOption,
  undoEstimateStatus,
  updateEstimateStatus,
} from "~/models/estimates/estimates.server";
import { copyEstimateToJob } from "~/models/estimates/estimate-copy.server";
import { removeEstimateAttachment } from "~/models/estimates/estimate-attachments.server";
import { estimateUploadAction } from "~/routes/_app+/estimates+/__estimate-files.server";
import { isMultipart } from "~/http/uploads.server";
import { deleteFile } from "~/services/storage.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import {
  estimateResendSchema,
  estimateSendSchema,
  resendEstimate,
  sendEstimate,
} from "~/models/estimates/estimate-send.server";
import { RuleError } from "~/models/rules";
import { parseNested } from "~/http/request-data.server";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import type { z } from "zod";

const back = (id: number) => `/estimates/${id}`;
/** A refused form of the page: 422 with the field errors and what was typed. */
const refused = (errors: Record<string, string>, values: Record<string, unknown> = {}) =>
  json({ errors, values }, { status: 422 });

/** The estimate details page's forms, one intent each; every success redirects back with a toast. */
export async function estimateDetailsAction(request: Request, { ctx, company }: Access, id: number): Promise<Response> {
  const { timezone } = company;
  if (isMultipart(request)) return estimateUploadAction(request, ctx, id);
  const form = parseNested(await request.formData()) as Record<string, unknown>;
  const done = (message: string, to = back(id)) => toasts().redirectWithSuccess(to, message);
  const parse = <T extends z.ZodTypeAny>(schema: T, data: unknown, rename: Record<string, string> = {}) => {
    const result = schema.safeParse(data);
    if (result.success) return { data: result.data as z.infer<T> };
    const errors = Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([k, v]) => [rename[k] ?? k, v]));
    return { response: refused(errors, form) };
  };
  const found = (ok: unknown, message: string, to?: string) => (ok ? done(message, to) : notFound());
  try {
    switch (form.intent) {
      case "status": {
        const start =
          typeof form.startDate === "string" && form.startDate ? wallInputToInstant(form.startDate, timezone) : null;
        const input = parse(estimateStatusSchema, { ...form, estimateId: id, startDate: start ?? form.startDate });
        if (input.response) return input.response;
        return found(await updateEstimateStatus(ctx, input.data), "Status was changed successfully!");
      }
      case "undo": {
        const input = parse(estimateUndoSchema, { id, statusClicked: form.statusClicked });
        if (input.response) return input.response;
        return found(await undoEstimateStatus(ctx, input.data), "Status change was undone");
      }
      case "rename": {
        const input = parse(estimateRenameSchema, form);
        if (input.response) return input.response;
        return found(await renameEstimate(ctx, id, input.data.name), "Estimate was renamed successfully!");
      }
      case "employees": {
        const input = parse(estimateEmployeesSchema, { employeeIds: form.employeeIds ?? [] });
        if (input.response) return input.response;
        return found(await assignEstimateEmployees(ctx, id, input.data.employeeIds), "Employees were assigned");
      }
      case "addOption": {
        const input = parse(
          estimateOptionCreateSchema,
          { name: form.optionName, lineItems: [] },
          { name: "optionName" },
        );
        if (input.response) return input.response;
        return found(await addOption(ctx, id, input.data), "Option was added successfully!");
      }
      case "renameOption": {
        const input = parse(optionRenameSchema, form, { name: `option-${String(form.optionId)}` });
        if (input.response) return input.response;
        return found(await renameOption(ctx, id, input.data.optionId, input.data.name), "Option was renamed");
      }
      case "deleteOption": {
        const input = parse(estimateOptionIdSchema, form);
        if (input.response) return input.response;
        return found(await deleteOption(ctx, id, input.data.optionId), "Option was deleted");
      }
      case "copyToJob": {
        const copied = await copyEstimateToJob(ctx, id);
        if (!copied) notFound();
        const already = copied.alreadyCopied ? "already " : "";
        return done(`Estimate was ${already}copied to job #${copied.jobId}`, `/jobs/${copied.jobId}`);
      }
      case "deleteAttachment":
      case "deleteCurrentState": {
        const kind = form.intent === "deleteAttachment" ? "attachment" : "currentState";
        const key = await removeEstimateAttachment(ctx, id, String(form.fileUrl ?? ""), kind);
        if (!key) notFound();
        await deleteFile(key);
        return done("File was deleted successfully!");
      }
      case "send": {
        const input = parse(estimateSendSchema, form);
        if (input.response) return input.response;
        return found(await sendEstimate(ctx, id, input.data), "Estimate was sent to the customer");
      }
      case "resend": {
        const input = parse(estimateResendSchema, form);
        if (input.response) return input.response;
        return found(await resendEstimate(ctx, id, input.data), "Estimate was sent again by email");
      }
      case "delete":
        return found(await deleteEstimate(ctx, id), "Estimate was deleted successfully!", "/estimates");
      default:
        return json({ errors: { _global: "Unknown action" } }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof RuleError) {
      const field = error.field === "statusClicked" || error.field === "optionId" ? "_global" : error.field;
      return refused({ [field]: error.message }, form);
    }
    throw error;
  }
}
