import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { jobs } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { makeRequest, sessionCookie } from "../../helpers/factories";

/** A scheduled job from wall-clock times in a zone ('2026-03-08T09:00'). */
export async function visitAt(
  ctx: CallerContext,
  q: {
    customerId: number;
    start: string;
    end: string;
    timezone: string;
    employeeIds?: number[];
    isAllDay?: boolean;
    recurrence?: Record<string, unknown>;
    name?: string;
  },
  now?: Date,
) {
  const input = jobCreateSchema.parse({
    customerId: q.customerId,
    startTime: wallToInstant(q.start, q.timezone)!.toISOString(),
    endTime: wallToInstant(q.end, q.timezone)!.toISOString(),
    isAllDay: q.isAllDay ? "on" : undefined,
    timezone: q.timezone,
    employeeIds: q.employeeIds ?? [],
    recurrence: q.recurrence,
    name: q.name,
    lineItems: [],
  });
  const { id } = await createJob(ctx, input, now);
  return id;
}

export async function jobTimes(id: number) {
  const [row] = await db
    .select({ startTime: jobs.startTime, endTime: jobs.endTime, seriesId: jobs.seriesId, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row;
}

/** Calls a route module's loader or action as the signed-in user. */
export async function asUser(userId: number) {
  const cookie = await sessionCookie(userId);
  return {
    get: (path: string) => makeRequest(path, { cookie }),
    post: (path: string, fields: Record<string, string | number | undefined>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, String(v));
      return makeRequest(path, {
        cookie,
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    },
  };
}
