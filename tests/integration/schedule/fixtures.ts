import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { jobEmployees, jobs } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { makeRequest, sessionCookie } from "../../helpers/factories";
import type { JobsFixture } from "../jobs/fixtures";

type VisitOptions = Omit<Parameters<typeof visitAt>[1], "customerId" | "start" | "end" | "timezone">;

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

/** Books visits for the fixture's customer in one zone: `at(start, end, { employeeIds })`. */
export function visitsIn(f: JobsFixture, timezone: string) {
  return (start: string, end: string, more: VisitOptions = {}, now?: Date) =>
    visitAt(f.admin, { customerId: f.customerId, start, end, timezone, ...more }, now);
}

/** The visits of a series in order (optionally only the given company's). */
export function seriesVisits(seriesId: number, companyId?: number) {
  return db
    .select({ id: jobs.id, startTime: jobs.startTime })
    .from(jobs)
    .where(and(eq(jobs.seriesId, seriesId), companyId === undefined ? undefined : eq(jobs.companyId, companyId)))
    .orderBy(asc(jobs.seriesOccurrence));
}

/** The ids of the employees assigned to a job, ascending. */
export async function employeesOf(jobId: number) {
  const rows = await db
    .select({ userId: jobEmployees.userId })
    .from(jobEmployees)
    .where(eq(jobEmployees.jobId, jobId))
    .orderBy(asc(jobEmployees.userId));
  return rows.map((r) => r.userId);
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
