import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { notFound, optionalAccess } from "~/access/access.server";
import { env } from "~/server/env.server";
import { Role } from "~/access/roles";
import { listOutbox, OUTBOX_PAGE_SIZE } from "~/services/mailer.server";
import { formatInZone } from "~/utils/format";
import { screens } from "~/access/route-table";

const STATUS_LABELS: Record<string, string> = {
  stored: "Unsent",
  sent: "Sent",
  delivered: "Delivered",
  opened: "Opened",
  failed: "Failed",
};

const when = (iso: string | null) => (iso ? `${formatInZone(iso, "UTC", "MMM DD, YYYY hh:mm:ss a")} UTC` : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await optionalAccess({ request, context }, screens.devOutbox);
  // A development tool showing every company's messages: for a signed-in super admin, in development
  // without SMTP only. Everyone else gets the unknown page's 404, so its existence is not revealed.
  const config = env();
  if (config.NODE_ENV === "production" || config.SMTP_URL || access?.user.role !== Role.SuperAdmin) notFound();
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { items, total } = await listOutbox(page);
  return json({ items, total, page, pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)) });
}

/** The outbox: emails and texts the app would have sent, newest first (development only). */
export default function DevOutboxRoute() {
  const { items, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <main className="page stack">
      <h1>Outbox</h1>
      <p className="muted">
        Emails and text messages, newest first ({total} in all). Without SMTP_URL or Twilio settings they stay here
        instead of being sent.
      </p>
      {items.length === 0 ? <p>No items</p> : null}
      {items.map((m) => (
        <article key={m.id} className="card stack">
          <header>
            <strong>{m.channel === "email" ? "Email" : "Text"}</strong> to {m.to} ·{" "}
            {formatInZone(m.createdAt, "UTC", "MMM DD, YYYY hh:mm a")} UTC ·{" "}
            <span className={`badge${m.status === "failed" ? " badge-danger" : ""}`}>{STATUS_LABELS[m.status]}</span>
          </header>
          <dl className="facts">
            {(
              [
                ["Sent", when(m.sentAt)],
                ["Delivered", when(m.deliveredAt)],
                ["Opened", when(m.openedAt)],
                ["Failed", when(m.failedAt)],
                [m.status === "stored" ? "Not sent because" : "Reason", m.error],
                ["Provider id", m.providerId],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd className={label === "Reason" ? "field-error" : undefined}>{value}</dd>
                </div>
              ))}
          </dl>
          {m.subject ? <h2>{m.subject}</h2> : null}
          <div>
            {m.body.split("\n").map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        </article>
      ))}
      <nav className="row" aria-label="Pages">
        {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
      </nav>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Outbox | Fieldwise" }];
