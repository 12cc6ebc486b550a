import { json, type LoaderFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/access/access.server";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { getPublicVisit } from "~/models/jobs/jobs.server";
import { DATE_LONG, formatInZone, formatMoney, TIME } from "~/utils/format";
import { formatPhone } from "~/utils/validation";
import { screens } from "~/access/route-table";
import { NO_STORE } from "./__payment-page";
import { PublicLineItems } from "./__public-line-items";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.visitDetails);
  const visit = await getPublicVisit(params.token ?? "");
  if (!visit) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  const tz = visit.timezone;
  const arrivalEnd = visit.startTime ? new Date(visit.startTime.getTime() + visit.arrivalWindowOffset * 60_000) : null;
  return json(
    {
      companyName: visit.companyName,
      companyPhone: formatPhone(visit.companyPhone),
      companyEmail: visit.companyEmail,
      title: visit.name,
      status: jobStatusLabels[visit.status as JobStatusValue],
      date: visit.startTime ? formatInZone(visit.startTime, tz, DATE_LONG) : null,
      time:
        visit.startTime && !visit.isAllDay
          ? `${formatInZone(visit.startTime, tz, TIME)} – ${formatInZone(visit.endTime, tz, TIME)}`
          : visit.startTime
            ? "All day"
            : null,
      arrival:
        arrivalEnd && visit.arrivalWindowOffset > 0
          ? `Arrival between ${formatInZone(visit.startTime, tz, TIME)} and ${formatInZone(arrivalEnd, tz, TIME)}`
          : null,
      technicians: visit.technicians.map((t) => `${t.firstName} ${t.lastName}`.trim()),
      address: [visit.location, visit.unitNumber ? `Unit ${visit.unitNumber}` : null].filter(Boolean).join(", "),
      customerName: [visit.customerFirstName, visit.customerLastName].filter(Boolean).join(" "),
      message: visit.message,
      lineItems: visit.lineItems.map((l) => ({
        name: l.name,
        description: l.description,
        quantity: l.quantity,
        amount: formatMoney(l.amountCents),
      })),
      subtotal: formatMoney(visit.subtotalCents),
      discount: visit.discountCents ? formatMoney(visit.discountCents) : null,
      tax: formatMoney(visit.taxCents),
      total: formatMoney(visit.totalCents),
    },
    { headers: NO_STORE },
  );
}

/** The customer-facing visit details page: no sign-in, no JavaScript needed. */
export default function ServiceVisitDetailsRoute() {
  const v = useLoaderData<typeof loader>();
  return (
    <main className="public-page stack" style={{ maxWidth: "48rem", margin: "0 auto", padding: "1rem" }}>
      <header>
        <h1>{v.companyName}</h1>
        <p className="muted">{[v.companyPhone, v.companyEmail].filter(Boolean).join(" · ")}</p>
      </header>
      <section className="card stack" aria-labelledby="visit-title">
        <h2 id="visit-title">Your visit{v.title ? `: ${v.title}` : ""}</h2>
        <dl className="details">
          <dt>For</dt>
          <dd>{v.customerName}</dd>
          <dt>Date</dt>
          <dd>{v.date ?? "Not scheduled yet"}</dd>
          {v.time ? (
            <>
              <dt>Time</dt>
              <dd>{v.time}</dd>
            </>
          ) : null}
          {v.arrival ? (
            <>
              <dt>Arrival window</dt>
              <dd>{v.arrival}</dd>
            </>
          ) : null}
          <dt>Technician</dt>
          <dd>{v.technicians.join(", ") || "To be assigned"}</dd>
          <dt>Address</dt>
          <dd>{v.address || "—"}</dd>
          <dt>Status</dt>
          <dd>{v.status}</dd>
        </dl>
        {v.message ? <p className="multiline">{v.message}</p> : null}
      </section>
      <section className="card stack" aria-labelledby="visit-items">
        <h2 id="visit-items">Services</h2>
        <PublicLineItems
          lines={v.lineItems}
          subtotal={v.subtotal}
          discount={v.discount}
          tax={v.tax}
          closingTotals={[{ label: "Total", value: <strong>{v.total}</strong> }]}
        />
      </section>
    </main>
  );
}

/** The document too: a loader's own headers reach only its data requests. */
export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Visit details | ${data.companyName}` : "Visit details" },
  { name: "robots", content: "noindex" },
];
