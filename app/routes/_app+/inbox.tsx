import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { FormAlert } from "~/components/document-form";
import { InboxList, inboxHref } from "~/components/inbox-list";
import { InboxStart, InboxThread, type FormResult } from "~/components/inbox-thread";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import inboxStyles from "~/styles/inbox.css";
import { inboxAction, inboxPage } from "./__inbox.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: inboxStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.inbox);
  return json(await inboxPage(access, new URL(request.url)), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.inbox);
  return inboxAction(ctx, request);
}

/**
 * The two-way text inbox: conversations and, on the same page, the open thread (on a phone one or
 * the other). Plain links and forms; with JavaScript the real-time connection reloads it when a
 * text arrives, drafts are kept and a sent message's state is read again a second later.
 */
export default function InboxRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const [params] = useSearchParams();
  const state = { q: data.q, onlyUnread: data.onlyUnread, page: data.page };
  const sentId = Number(params.get("sent")) || null;
  const detail = data.conversation ? "thread" : data.starting ? "start" : null;
  return (
    <>
      <PageHeader
        title="Inbox"
        badge={
          data.totalUnread ? (
            <span className="counter">
              {data.totalUnread > 99 ? "99+" : data.totalUnread}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null
        }
      />
      {data.balance.availableSmsSegmentsBalance <= 0 ? (
        <div className="banner banner-warning inbox-limit" role="status">
          You have reached your SMS segment limit: texts cannot be sent until more segments are added.
        </div>
      ) : null}
      {data.missingConversation ? (
        <p className="form-error" role="alert">
          This conversation does not exist. <Link to={inboxHref(state)}>Back to conversations</Link>
        </p>
      ) : null}
      <FormAlert error={result?.errors?._global} />
      <div className={`inbox${detail ? " has-detail" : ""}`}>
        <InboxList
          state={state}
          items={data.list.items}
          hasOlder={data.list.hasOlder}
          openId={data.conversation?.conversationId ?? null}
          timezone={data.timezone}
        />
        {data.conversation && data.messages ? (
          <InboxThread
            state={state}
            conversation={data.conversation}
            messages={data.messages}
            timezone={data.timezone}
            sentId={sentId}
            result={result}
            showCustomerLink={data.showCustomerLink}
          />
        ) : data.starting ? (
          <InboxStart state={state} result={result} />
        ) : (
          <section className="inbox-thread inbox-placeholder" aria-label="Conversation">
            <p className="muted">Choose a conversation, or start a new one.</p>
          </section>
        )}
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Inbox | Fieldwise" }];
