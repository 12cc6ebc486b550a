// Run by bench/inbox.mjs through tsx (from source): one company with two-way text on, 50,000
// conversations (a tenth unread, 10,000 of them linked to customers) and one thread of 10,000
// messages; the inbox's calls timed one at a time as the customers list is (median of distinct
// requests after unmeasured ones), through the route modules themselves (session cookie, access
// check, model, JSON); then 100 incoming texts a second for 10 s through the signed webhook's action.
// Prints one JSON line, with the thread's id and SESSIONS fresh session cookies of the admin for the
// HTTP pass bench/inbox.mjs then makes on the built server. Environment: DATABASE_URL (PostgreSQL),
// else the embedded database in DATA_DIR (in memory without it); SESSIONS (default 0).
import twilio from "twilio";
import { closeDatabase, db, executeSql, openDatabase } from "~/db.server";
import { AppFeature } from "~/access/features";
import { seedPlans } from "~/models/admin/plans.server";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";
import "~/models/text-messaging/inbox-hooks.server";
import { loader as conversationsLoader } from "~/routes/api+/text-messaging+/conversations";
import { loader as searchLoader } from "~/routes/api+/text-messaging+/conversations_.search";
import { loader as messagesLoader } from "~/routes/api+/text-messaging+/conversations_.$id_.messages";
import { action as incomingAction } from "~/routes/api+/webhooks+/twilio.incoming";
import { authSessionStorage, createSessionRow } from "~/sessions.server";
import { sessionCookieFor } from "../tests/fixtures/sessions";
import { loadAccessBySession } from "~/access/access.server";
import { inboxPage } from "~/routes/_app+/__inbox.server";

const CONVERSATIONS = Number(process.env.CONVERSATIONS || 50_000);
const THREAD = Number(process.env.THREAD_MESSAGES || 10_000);
const SAMPLES = 40;
const WARM_UP = 10;
const RATE = 100;
const SECONDS = 10;
const NUMBER = "+14155550100";
const SESSIONS = Number(process.env.SESSIONS || 0);

await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  poolSize: 20,
});
await seedPlans(db);
const { companyId, userId } = await db.transaction((tx) =>
  createCompanyWithAdmin(tx, {
    businessName: "Bench Inbox Co",
    email: `bench-inbox-${Date.now()}@example.com`,
    password: "bench-password-1",
    firstName: "Ida",
    lastName: "Inbox",
    country: "US",
  }),
);
await executeSql(
  `update companies set feature_flags = feature_flags | $2, two_way_text_enabled = true,
     messaging_phone_number = $3, messaging_ready = true where id = $1`,
  [companyId, AppFeature.TwoWayText, NUMBER],
);
await executeSql(`insert into text_messaging_accounts (company_id, sms_segments_balance) values ($1, 100000)`, [
  companyId,
]);
const seedStarted = Date.now();
await executeSql(
  `insert into customers (company_id, first_name, last_name, main_phone_number, search_text)
   select $1, 'Pat', 'Sample' || i, '+1628' || (2000000 + i), 'pat sample' || i || ' 1628' || (2000000 + i) || ' ' || (2000000 + i)
   from generate_series(1, 10000) as i`,
  [companyId],
);
await executeSql(
  `insert into conversations (company_id, phone_number, customer_id, unread_count, last_message_content, last_activity_at)
   select $1, p.phone, c.id, case when p.i % 10 = 0 then 1 + p.i % 3 else 0 end, 'Message number ' || p.i,
     now() - (p.i || ' minutes')::interval
   from (select i, '+1628' || (2000000 + i) as phone from generate_series(1, $2) as i) p
   left join customers c on c.company_id = $1 and c.main_phone_number = p.phone`,
  [companyId, CONVERSATIONS],
);
const [thread] = await executeSql<{ id: number }>(
  `select id from conversations where company_id = $1 order by last_activity_at desc limit 1`,
  [companyId],
);
await executeSql(
  `insert into conversation_messages (company_id, conversation_id, direction, phone_number, content, status, created_at)
   select $1, $2, i % 2, '+16282000001', 'Thread message ' || i, case when i % 2 = 0 then 'received' else 'delivered' end,
     now() - ((20000 - i) || ' seconds')::interval
   from generate_series(1, $3) as i`,
  [companyId, thread.id, THREAD],
);
// Written directly, so their counters are set as the app keeps them (the list's and the thread's totals).
await executeSql(`update conversations set message_count = $2 where id = $1`, [thread.id, THREAD]);
await executeSql(
  `insert into conversation_counts (company_id, conversations, unread_conversations, unread_messages)
   select $1, count(*), count(*) filter (where unread_count > 0), coalesce(sum(unread_count), 0)
   from conversations where company_id = $1`,
  [companyId],
);
if (!process.env.DATABASE_URL) await executeSql("vacuum (analyze)");
else await executeSql("analyze");
const seedSeconds = (Date.now() - seedStarted) / 1000;

const session = await authSessionStorage().getSession();
const sessionId = await createSessionRow(userId);
session.set("sessionId", sessionId);
const cookie = (await authSessionStorage().commitSession(session)).split(";")[0];

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>;
async function timed(loader: Loader, urls: (i: number) => string, params: Record<string, string> = {}) {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const request = new Request(`http://localhost${urls(i)}&b=${i}`, { headers: { Cookie: cookie } });
    const started = performance.now();
    const response = await loader({ request, params, context: {} }).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
    const body = await response.text();
    if (i >= WARM_UP) times.push(performance.now() - started);
    if (response.status !== 200) {
      failed++;
      if (failed === 1) process.stderr.write(`inbox bench: ${request.url} answered ${response.status} ${body}\n`);
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], failed };
}

const pages = Math.ceil(CONVERSATIONS / 20);
const spread = (i: number, n: number) => 1 + ((i * 7919) % Math.max(1, n));
const list = await timed(
  conversationsLoader as Loader,
  (i) => `/api/text-messaging/conversations?pageNumber=${spread(i, pages)}`,
);
const unread = await timed(
  conversationsLoader as Loader,
  (i) => `/api/text-messaging/conversations?onlyUnread=true&pageNumber=${spread(i, pages / 10)}`,
);
const search = await timed(
  searchLoader as Loader,
  (i) => `/api/text-messaging/conversations/search?searchQuery=${i % 2 ? `sample${100 + i}` : `628${2001000 + i}`}`,
);
const threadPages = Math.ceil(THREAD / 100);
const messages = await timed(
  messagesLoader as Loader,
  (i) => `/api/text-messaging/conversations/${thread.id}/messages?pageNumber=${spread(i, threadPages)}`,
  { id: String(thread.id) },
);

// The screen's data (its loader's work without the shell and the HTML): list pages, and thread pages.
const access = (await loadAccessBySession(sessionId))!;
async function timedPage(urls: (i: number) => string) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    JSON.stringify(await inboxPage(access, new URL(`http://localhost${urls(i)}&b=${i}`)));
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], failed: 0 };
}
const screenList = await timedPage((i) => `/inbox?page=${spread(i, pages)}`);
const screenThread = await timedPage((i) => `/inbox?conversation=${thread.id}&mpage=${spread(i, threadPages)}`);

// 100 incoming texts a second for 10 s, each through the signed webhook's action, not awaited one by one.
const url = `${process.env.APP_URL}/api/webhooks/twilio/incoming`;
const [{ before }] = await executeSql<{ before: number }>(
  `select count(*)::int as before from conversation_messages where company_id = $1`,
  [companyId],
);
const latencies: number[] = [];
let refused = 0;
const inFlight: Promise<void>[] = [];
const burstStarted = performance.now();
for (let second = 0; second < SECONDS; second++) {
  const tick = burstStarted + second * 1000;
  for (let n = 0; n < RATE; n++) {
    const params = {
      AccountSid: process.env.TWILIO_ACCOUNT_SID ?? "",
      MessageSid: `SM${String(second * RATE + n).padStart(32, "0")}`,
      From: `+1628${2000001 + ((second * RATE + n) % 20_000)}`,
      To: NUMBER,
      Body: `Incoming ${second}.${n}`,
    };
    const signature = twilio.getExpectedTwilioSignature(process.env.TWILIO_AUTH_TOKEN!, url, params);
    const started = performance.now();
    inFlight.push(
      incomingAction({
        request: new Request(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
          body: new URLSearchParams(params).toString(),
        }),
        params: {},
        context: {},
      } as never)
        .catch((thrown: unknown) => {
          if (thrown instanceof Response) return thrown;
          throw thrown;
        })
        .then((response) => {
          latencies.push(performance.now() - started);
          if (response.status !== 200) refused++;
        }),
    );
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, tick + ((n + 1) * 1000) / RATE - performance.now())),
    );
  }
}
await Promise.all(inFlight);
const burstSeconds = (performance.now() - burstStarted) / 1000;
const [{ after }] = await executeSql<{ after: number }>(
  `select count(*)::int as after from conversation_messages where company_id = $1`,
  [companyId],
);
latencies.sort((a, b) => a - b);
// One session per request of the HTTP pass: no two of its requests share a session.
const cookies: string[] = [];
for (let i = 0; i < SESSIONS; i++) cookies.push(await sessionCookieFor({ userId }));
process.stdout.write(
  `${JSON.stringify({
    conversations: CONVERSATIONS,
    thread: THREAD,
    threadId: thread.id,
    cookies,
    seedSeconds,
    list,
    unread,
    search,
    messages,
    screenList,
    screenThread,
    incoming: {
      sent: RATE * SECONDS,
      stored: after - before,
      refused,
      seconds: burstSeconds,
      p50: latencies[Math.floor(latencies.length / 2)],
      p95: latencies[Math.floor(latencies.length * 0.95)],
    },
  })}\n`,
);
await closeDatabase();
process.exit(0);
