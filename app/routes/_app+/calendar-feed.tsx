import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { isAdminRole } from "~/access/roles";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { appUrl } from "~/http/app-url.server";
import { unknownIntent } from "~/http/forms.server";
import { calendarFeedPath, renewCalendarToken, revokeCalendarToken } from "~/models/calendar/calendar-feed.server";
import { toasts } from "~/sessions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAccess({ request, context }, screens.calendarFeedSettings);
  const token = user.calendarSyncToken;
  return json(
    {
      feedUrl: token ? `${appUrl()}${calendarFeedPath(token)}` : null,
      allVisits: isAdminRole(user.role),
    },
    // The page shows a secret URL: never kept by a shared cache or the back button's disk cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Create or renew (the old URL stops working) or turn off the user's own feed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAccess({ request, context }, screens.calendarFeedSettings);
  const intent = (await request.formData()).get("intent");
  if (intent === "renew") {
    const renewing = user.calendarSyncToken !== null;
    await renewCalendarToken(user.id);
    return toasts().redirectWithSuccess(
      "/calendar-feed",
      renewing ? "A new link replaces the old one." : "Your calendar link is ready.",
    );
  }
  if (intent === "turn-off") {
    await revokeCalendarToken(user.id);
    return toasts().redirectWithSuccess("/calendar-feed", "Your calendar feed is off.");
  }
  unknownIntent();
}

export default function CalendarFeedRoute() {
  const { feedUrl, allVisits } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const confirm = searchParams.get("confirm");
  const webcal = feedUrl?.replace(/^https?:/, "webcal:");
  return (
    <>
      <PageHeader title="Calendar feed" />
      <section className="card stack" aria-labelledby="feed-title">
        <h2 id="feed-title">Your visits in your calendar</h2>
        <p>
          Add {allVisits ? "all of the company's visits" : "the visits assigned to you"} to Google Calendar, Apple
          Calendar or Outlook. The calendar app checks the link for changes every few minutes to a few hours, depending
          on the app. Anyone with the link can read the visits: keep it to yourself.
        </p>
        {feedUrl ? (
          <>
            <div className="field">
              <label htmlFor="feed-url">Calendar link</label>
              <input id="feed-url" type="text" readOnly value={feedUrl} />
            </div>
            <ul>
              <li>
                <a href={webcal}>Open in Apple Calendar or Outlook</a>
              </li>
              <li>
                <a
                  href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal ?? "")}`}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  Add to Google Calendar
                </a>
              </li>
            </ul>
            <div className="row">
              <Link className="button" to="?confirm=renew" preventScrollReset>
                Renew Link
              </Link>
              <Link className="button button-danger" to="?confirm=turn-off" preventScrollReset>
                Turn Off
              </Link>
            </div>
          </>
        ) : (
          <Form method="post" className="row">
            <button type="submit" name="intent" value="renew" className="button button-primary">
              Create Calendar Link
            </button>
          </Form>
        )}
      </section>
      {feedUrl && confirm === "renew" ? (
        <ConfirmDialog title="Renew Link" intent="renew" confirmLabel="Renew Link" cancelTo="/calendar-feed">
          <p>The current link stops working at once. Calendars that use it need the new link.</p>
        </ConfirmDialog>
      ) : null}
      {feedUrl && confirm === "turn-off" ? (
        <ConfirmDialog
          title="Turn Off Calendar Feed"
          intent="turn-off"
          confirmLabel="Turn Off"
          cancelTo="/calendar-feed"
        >
          <p>The link stops working at once and calendars stop showing new changes.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Calendar feed | Fieldwise" }];
