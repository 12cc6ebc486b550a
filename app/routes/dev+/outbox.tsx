import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { optionalAccess } from "~/models/access.server";
import { env } from "~/env.server";
import { listOutbox, OUTBOX_PAGE_SIZE } from "~/services/mailer.server";
import { formatInZone } from "~/utils/format";

export async function loader({ request }: LoaderFunctionArgs) {
  await optionalAccess(request);
  // A development tool: it shows every company's messages, so production answers 404.
  if (env().NODE_ENV === "production") throw json({ exceptionType: "not_found", message: "Not found" }, { status: 404 });
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
        Emails and text messages, newest first ({total} in all). Without SMTP_URL or Twilio settings they stay here instead of being sent.
      </p>
      {items.length === 0 ? <p>No items</p> : null}
      {items.map((m) => (
        <article key={m.id} className="card stack">
          <header>
            <strong>{m.channel === "email" ? "Email" : "Text"}</strong> to {m.to} · {formatInZone(m.createdAt, "UTC", "MMM DD, YYYY hh:mm a")} UTC · {m.status}
            {m.error ? <span className="field-error"> {m.error}</span> : null}
          </header>
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
