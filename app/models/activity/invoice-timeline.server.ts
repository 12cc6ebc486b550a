import type { Executor } from "~/db.server";
import { invoiceTimelineEvents } from "~/db/schema";
import { ActorType, type TimelineEventValue } from "~/models/jobs/jobs.schema";

/** Who made an invoice's change: an employee (maybe impersonated), the customer, or the system. */
export type InvoiceActor = {
  userId?: number | null;
  impersonatorUserId?: number | null;
  /** The customer acted (paid online): the spec's main participant. */
  customer?: boolean;
};

export type InvoiceEvent = {
  companyId: number;
  invoiceId: number;
  type: TimelineEventValue;
  actor: InvoiceActor;
  fromStatus?: number | null;
  toStatus?: number | null;
  reason?: string | null;
  data?: Record<string, unknown> | null;
};

const actorTypeOf = (actor: InvoiceActor) =>
  actor.userId ? ActorType.Employee : actor.customer ? ActorType.MainParticipant : ActorType.System;

/**
 * One entry of the invoice's history (docs/decisions/066-activity-feed.md), written in the
 * transaction of the change it records, so a rolled-back change leaves no entry.
 */
export async function recordInvoiceEvent(tx: Executor, event: InvoiceEvent): Promise<void> {
  await tx.insert(invoiceTimelineEvents).values({
    companyId: event.companyId,
    invoiceId: event.invoiceId,
    type: event.type,
    actorType: actorTypeOf(event.actor),
    actorUserId: event.actor.userId ?? null,
    impersonatorUserId: event.actor.userId ? (event.actor.impersonatorUserId ?? null) : null,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    reason: event.reason ?? null,
    data: event.data ?? null,
  });
}
