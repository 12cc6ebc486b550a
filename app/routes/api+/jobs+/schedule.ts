import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { jobScheduleSchema } from "~/models/jobs/jobs.schema";
import { rescheduleVisit } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/schedule {id, startTime, endTime, arrivalWindowOffset, timezoneOffset, employeeIds,
 * recurrence, changeRecurrentJobs, recurrentEventEditOption, description, sendAppointmentReminder,
 * setArrivalWindowOffsetAsDefault, oldStartTime, oldEndTime, isAllDay, notify}
 * → {data: {id, updatedJobIds, createdJobIds, deletedJobIds, seriesId}}.
 */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, body }) => dataOr404(await rescheduleVisit(ctx, parseOr400(jobScheduleSchema, await body()))),
});
