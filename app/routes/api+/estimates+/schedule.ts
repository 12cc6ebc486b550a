import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateScheduleSchema } from "~/models/estimates/estimates.schema";
import { scheduleEstimate } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/schedule {id, startTime, endTime, isAllDay, arrivalWindowOffset, timezone, employeeIds,
 * unschedule} → {data: {id, status}}: scheduled 0 with a time, unscheduled 7 with `unschedule`.
 */
export const action = apiAction(screens.estimates.list, {
  POST: async ({ ctx, body }) =>
    dataOr404(await scheduleEstimate(ctx, parseOr400(estimateScheduleSchema, await body()))),
});
