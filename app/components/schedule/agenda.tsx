import { Link } from "@remix-run/react";
import { mapsLink } from "~/components/map-island";
import { estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { addDays, rangeTitle, scheduleHref, splitWall, timeLabel, type AgendaVisit } from "~/models/schedule/schedule";
import { dayjs } from "~/utils/format";
import { formatPhone } from "~/utils/validation";

/** The agenda's own address: the one the offline copy keeps for today and tomorrow. */
export const agendaHref = (date: string) => scheduleHref({ view: "agenda", date, employeeIds: [] });

/** 'hh:mm am – hh:mm pm', 'All day'; a visit running over midnight names the other day. */
export function agendaTimeText(visit: Pick<AgendaVisit, "start" | "end" | "isAllDay">, date: string): string {
  if (visit.isAllDay) return "All day";
  const s = splitWall(visit.start);
  const e = splitWall(visit.end);
  if (!s || !e) return "";
  const part = (w: { date: string; minutes: number }) =>
    w.date === date ? timeLabel(w.minutes) : `${dayjs.utc(w.date).format("MMM D")} ${timeLabel(w.minutes)}`;
  return `${part(s)} – ${part(e)}`;
}

/** What a phone's dialler accepts: digits, a leading plus, and the pause and wait marks. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d,;]/g, "")}`;

const statusText = (visit: AgendaVisit) =>
  visit.kind === "estimate"
    ? estimateStatusLabels[visit.status as EstimateStatusValue]
    : jobStatusLabels[visit.status as JobStatusValue];

/**
 * The signed-in user's day (the phone's schedule): one card per visit in start order, its time,
 * customer, title, status in words, the address as a link to a maps app and the customer's phone
 * as a call link. The customer's name opens the job (or estimate) and its link covers the card
 * (schedule.css), the map and call links sit above it. Plain links: the same without JavaScript.
 * `nav` adds the day's own Previous day / Today / Next day links (when the toolbar does not).
 */
export function Agenda({
  date,
  today,
  visits,
  nav,
  className,
}: {
  date: string;
  today: string;
  visits: AgendaVisit[];
  nav: boolean;
  className?: string;
}) {
  return (
    <section className={`schedule-agenda${className ? ` ${className}` : ""}`} aria-labelledby="agenda-title">
      {nav ? (
        <nav className="agenda-nav" aria-label="Agenda days">
          <Link className="button" to={agendaHref(addDays(date, -1))}>
            Previous day
          </Link>
          <Link className="button" to={agendaHref(today)} aria-current={date === today ? "date" : undefined}>
            Today
          </Link>
          <Link className="button" to={agendaHref(addDays(date, 1))}>
            Next day
          </Link>
        </nav>
      ) : null}
      <h2 id="agenda-title" className={nav ? "agenda-title" : "visually-hidden"}>
        {nav ? rangeTitle("agenda", date) : `My visits on ${rangeTitle("agenda", date)}`}
      </h2>
      {visits.length ? (
        <ol className="agenda-list">
          {visits.map((visit) => (
            <AgendaItem key={`${visit.kind}-${visit.id}`} visit={visit} date={date} />
          ))}
        </ol>
      ) : (
        <p className="muted agenda-empty">No visits on this day.</p>
      )}
    </section>
  );
}

function AgendaItem({ visit, date }: { visit: AgendaVisit; date: string }) {
  const href = visit.kind === "estimate" ? `/estimates/${visit.id}` : `/jobs/${visit.id}`;
  const titleId = `agenda-${visit.kind}-${visit.id}`;
  return (
    <li className={`agenda-visit v-s${visit.status}${visit.kind === "estimate" ? " agenda-estimate" : ""}`}>
      <p className="agenda-time">{agendaTimeText(visit, date)}</p>
      <h3 className="agenda-customer" id={titleId}>
        <Link to={href} className="agenda-open">
          {visit.customerName || "Customer"}
        </Link>
      </h3>
      {visit.title ? <p className="agenda-job">{visit.title}</p> : null}
      <p className="agenda-status">
        <span className={`badge status-${visit.status}`}>
          {visit.kind === "estimate" ? "Estimate: " : ""}
          {statusText(visit)}
        </span>
      </p>
      {visit.address || visit.phone ? (
        <p className="agenda-contact">
          {visit.address ? (
            <a
              className="agenda-link"
              href={mapsLink({ label: visit.address, address: visit.address, geo: visit.geo })}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={titleId}
            >
              <PinIcon />
              {visit.address}
              <span className="visually-hidden"> (opens in maps)</span>
            </a>
          ) : null}
          {visit.phone ? (
            <a className="agenda-link" href={telHref(visit.phone)} aria-describedby={titleId}>
              <PhoneIcon />
              Call {formatPhone(visit.phone)}
            </a>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

const iconProps = {
  width: 20,
  height: 20,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

function PinIcon() {
  return (
    <svg {...iconProps} className="agenda-icon">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg {...iconProps} className="agenda-icon">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}
