import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { db } from "~/db.server";
import { companies, customers, jobEmployees, jobs, users } from "~/db/schema";
import { isAdminRole, type RoleValue } from "~/access/roles";
import { scheduleEstimatesQuery } from "~/models/schedule/schedule-estimates.server";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { dayjs } from "~/utils/format";

/**
 * A user's calendar feed (ICS): a private URL holding a random token (the spec's
 * calendarSyncToken). Calendar apps poll it; renewing the token revokes every copy of the old URL.
 */

/** How far back and ahead the feed reaches: calendars keep what they fetched before. */
const DAYS_BACK = 30;
const DAYS_AHEAD = 365;
/** A feed is a calendar app's download on every poll: at most this many visits. */
const MAX_VISITS = 3000;
/** Google polls every few hours whatever we say; Apple and Outlook honour this. */
export const FEED_TTL_SECONDS = 300;

const newToken = () => randomBytes(32).toString("base64url");

/** The feed's path for a token. */
export const calendarFeedPath = (token: string) => `/calendar/${token}/visits.ics`;

/** Makes (or renews, revoking the old URL) the user's feed token. */
export async function renewCalendarToken(userId: number): Promise<string> {
  const token = newToken();
  await db.update(users).set({ calendarSyncToken: token }).where(eq(users.id, userId));
  return token;
}

/** Turns the feed off: the URL answers 404 from now on. */
export async function revokeCalendarToken(userId: number): Promise<void> {
  await db.update(users).set({ calendarSyncToken: null }).where(eq(users.id, userId));
}

export async function calendarTokenOf(userId: number): Promise<string | null> {
  const [row] = await db.select({ token: users.calendarSyncToken }).from(users).where(eq(users.id, userId));
  return row?.token ?? null;
}

type FeedOwner = {
  userId: number;
  role: number;
  companyId: number;
  firstName: string;
  lastName: string;
  businessName: string;
  timezone: string;
};

async function feedOwner(token: string): Promise<FeedOwner | null> {
  // A token has 43 characters: anything else is not one (and never reaches the index).
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      companyId: users.companyId,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: companies.businessName,
      timezone: companies.timezone,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.calendarSyncToken, token), isNull(users.deletedAt)));
  return row ?? null;
}

export type FeedVisit = {
  kind: "job" | "estimate";
  id: number;
  title: string;
  start: Date;
  end: Date;
  status: number;
  customerName: string;
  location: string | null;
  unitNumber: string | null;
  description: string | null;
  updatedAt: Date | null;
};

/**
 * The visits a feed shows, jobs' and estimates': scheduled (not unscheduled, not cancelled) in its
 * window; an admin's feed holds the company's visits, anyone else's their own (through the
 * (company, user, start) index of the assignments).
 */
async function feedVisits(owner: FeedOwner, now: Date): Promise<FeedVisit[]> {
  const from = new Date(now.getTime() - DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + DAYS_AHEAD * 86_400_000);
  const own = isAdminRole(owner.role)
    ? undefined
    : inArray(
        jobs.id,
        db
          .select({ jobId: jobEmployees.jobId })
          .from(jobEmployees)
          .where(
            and(
              eq(jobEmployees.companyId, owner.companyId),
              eq(jobEmployees.userId, owner.userId),
              gte(jobEmployees.startTime, from),
              lt(jobEmployees.startTime, to),
            ),
          ),
      );
  const rows = await db
    .select({
      id: jobs.id,
      name: jobs.name,
      start: jobs.startTime,
      end: jobs.endTime,
      status: jobs.status,
      firstName: customers.firstName,
      lastName: customers.lastName,
      location: jobs.location,
      unitNumber: jobs.unitNumber,
      description: jobs.description,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.companyId, owner.companyId),
        gte(jobs.startTime, from),
        lt(jobs.startTime, to),
        notInArray(jobs.status, [JobStatus.Unscheduled, JobStatus.Cancelled]),
        sql`${jobs.endTime} is not null`,
        own,
      ),
    )
    .orderBy(asc(jobs.startTime), asc(jobs.id))
    .limit(MAX_VISITS);
  const jobVisits = rows.map((r) => ({
    kind: "job" as const,
    id: r.id,
    title: r.name ?? "Job",
    start: r.start!,
    end: r.end!,
    status: r.status,
    customerName: [r.firstName, r.lastName].filter(Boolean).join(" "),
    location: r.location,
    unitNumber: r.unitNumber,
    description: r.description,
    updatedAt: r.updatedAt,
  }));
  // Estimate visits through the schedule's own query (the same visibility and hidden status).
  const ctx = { companyId: owner.companyId, userId: owner.userId, role: owner.role as RoleValue };
  const [{ visits }] = await scheduleEstimatesQuery(ctx, {
    from,
    to,
    employeeIds: isAdminRole(owner.role) ? [] : [owner.userId],
  });
  const estimateVisits = visits.map(
    ([id, startMs, endMs, , status, customerName, name, number, address]): FeedVisit => ({
      kind: "estimate",
      id,
      title:
        name && name !== customerName && name !== "Estimate" ? `Estimate #${number} ${name}` : `Estimate #${number}`,
      start: new Date(startMs),
      end: new Date(endMs),
      status,
      customerName,
      location: address || null,
      unitNumber: null,
      description: null,
      updatedAt: null,
    }),
  );
  return [...jobVisits, ...estimateVisits].sort((a, b) => a.start.getTime() - b.start.getTime()).slice(0, MAX_VISITS);
}

/**
 * The feed of a token as iCalendar text, or null for an unknown or revoked token. Times carry the
 * company's zone (TZID with its VTIMEZONE), so a technician's phone set to another zone still
 * shows the visit at the customer's wall-clock time.
 */
export async function calendarFeed(token: string, appUrl: string, now = new Date()): Promise<string | null> {
  const owner = await feedOwner(token);
  if (!owner) return null;
  const visits = await feedVisits(owner, now);
  return buildCalendar(owner, visits, appUrl, now);
}

export function buildCalendar(
  owner: Pick<FeedOwner, "role" | "firstName" | "lastName" | "businessName" | "timezone">,
  visits: FeedVisit[],
  appUrl: string,
  now: Date,
): string {
  const host = new URL(appUrl).host;
  const whose = isAdminRole(owner.role) ? "all visits" : `${owner.firstName} ${owner.lastName}`.trim();
  const calendar = ical({
    name: `${owner.businessName}: ${whose}`,
    prodId: { company: "Field Service", product: "Visits", language: "EN" },
    ttl: FEED_TTL_SECONDS,
  });
  for (const visit of visits) {
    const link = `${appUrl}/${visit.kind === "job" ? "jobs" : "estimates"}/${visit.id}`;
    const address = [visit.location, visit.unitNumber ? `Unit ${visit.unitNumber}` : null].filter(Boolean).join(", ");
    calendar.createEvent({
      id: `${visit.kind}-${visit.id}@${host}`,
      // dayjs in the zone: ical-generator writes its wall-clock time with the TZID.
      start: dayjs(visit.start).tz(owner.timezone),
      end: dayjs(visit.end).tz(owner.timezone),
      timezone: owner.timezone,
      stamp: now,
      lastModified: visit.updatedAt,
      summary: `${visit.title}: ${visit.customerName}`,
      location: address || null,
      description: [visit.description, link].filter(Boolean).join("\n\n"),
      url: link,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // The zone's definition goes in by hand: ical-generator's calendar-wide zone would also write
  // DTSTAMP and LAST-MODIFIED as local times, which RFC 5545 wants in UTC.
  const [vtimezone] = tzlib_get_ical_block(owner.timezone);
  const text = calendar.toString();
  const at = text.indexOf("BEGIN:VEVENT");
  const end = at === -1 ? text.lastIndexOf("END:VCALENDAR") : at;
  const zone = [`X-WR-TIMEZONE:${owner.timezone}`, vtimezone].filter(Boolean).join("\r\n");
  return `${text.slice(0, end)}${zone}\r\n${text.slice(end)}`;
}
