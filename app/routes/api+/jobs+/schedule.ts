import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { jobScheduleSchema } from "~/models/jobs/jobs.schema";
import { rescheduleVisit } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/schedule {id, startTime, endTime, arrivalWindowOffset, timezoneOffset, employeeIds,
 * recurrence, changeRecurrentJobs, recurrentEventEditOption, description, sendAppointmentReminder,
 * setArrivalWindowOffsetAsDefault, oldStartTime, oldEndTime, isAllDay, notify}
 * → {data: {id, updatedJobIds, createdJobIds, deletedJobIds, seriesId}}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(jobScheduleSchema, await readBody(request));
  return withJobRules(async () => json({ data: (await rescheduleVisit(ctx, input)) ?? apiNotFound() }));
}
