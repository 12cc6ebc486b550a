import { AppFeature } from "~/access/features";
import { signInDemo, type DemoLoginRole } from "../helpers/demo-sign-in";
import { databaseUrlOn, sqlOnce } from "../helpers/postgres";
import { postSignedForm, startTwilioServer, TEST_TWILIO, type TwilioServer } from "../helpers/twilio-server";
import { startServer, type OwnServer } from "../security/harness";

/*
 * The inbox's tests need rows no screen writes yet (the SMS segment balance) and a company with
 * two-way text on: they run the e2e build on a PostgreSQL database of their own (so the test can
 * write those rows), with Twilio pointed at the local API. One process: real-time events reach
 * every browser without Redis.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const INBOX_DEMO_PASSWORD = "inbox-demo-password-0123";
export const DEMO_NUMBER = "+17045550140";

export type InboxServer = OwnServer & {
  twilioApi: TwilioServer;
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  signIn: (role: DemoLoginRole) => Promise<{ cookie: string; companyId: number }>;
  /** Posts a text as Twilio's signed incoming webhook would. */
  incoming: (params: { from: string; body: string; to?: string; sid?: string }) => Promise<Response>;
  /** Two-way text on for a company (plan feature kept, application feature, enabled setting), its number and balance. */
  enable: (companyId: number, number: string, balance: number) => Promise<void>;
};

let sidCounter = 0;

export async function startInboxServer(): Promise<InboxServer> {
  const database = `fieldwise_inbox_${process.pid}_${Date.now().toString(36)}`;
  await sqlOnce(ADMIN_URL, `CREATE DATABASE ${database}`, [], { timeoutMs: 3_000 });
  const databaseUrl = databaseUrlOn(ADMIN_URL, database);
  const twilioApi = await startTwilioServer();
  let server: OwnServer;
  try {
    server = await startServer({
      env: {
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: "1",
        SEED_DEMO: "true",
        DEMO_PASSWORD: INBOX_DEMO_PASSWORD,
        TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
        TWILIO_API_BASE_URL: twilioApi.url,
        TWILIO_API_BASE_URL_ALLOWED: "true",
        TRUST_PROXY: undefined,
      },
    });
  } catch (error) {
    await twilioApi.close();
    await sqlOnce(ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    throw error;
  }
  const sql = <T>(text: string, values: unknown[] = []) => sqlOnce<T>(databaseUrl, text, values);
  return {
    ...server,
    twilioApi,
    sql,
    signIn: (role) => signInDemo(server.baseUrl, role, INBOX_DEMO_PASSWORD, server.log),
    incoming: ({ from, body, to = DEMO_NUMBER, sid }) =>
      postSignedForm(`${server.baseUrl}/api/webhooks/twilio/incoming`, {
        AccountSid: TEST_TWILIO.accountSid,
        MessageSid: sid ?? `SM${process.pid}${Date.now().toString(16)}${++sidCounter}`.padEnd(34, "0"),
        From: from,
        To: to,
        Body: body,
      }),
    enable: async (companyId, number, balance) => {
      await sql(
        `update companies set feature_flags = feature_flags | $2, two_way_text_enabled = true,
           messaging_phone_number = $3, messaging_ready = true where id = $1`,
        [companyId, AppFeature.TwoWayText, number],
      );
      await sql(
        `insert into text_messaging_accounts (company_id, sms_segments_balance) values ($1, $2)
         on conflict (company_id) do update set sms_segments_balance = $2, segment_limit_reached = false`,
        [companyId, balance],
      );
    },
    stop: async () => {
      const code = await server.stop();
      await twilioApi.close();
      await sqlOnce(ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      return code;
    },
  };
}
