import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { companyApiKeys, users } from "~/db/schema";
import { loadAccessForUser, type Access, type CallerContext } from "~/access/access.server";
import { registerApiAuthenticator } from "~/http/api.server";
import { hashSecret, randomToken } from "~/models/accounts/passwords.server";
import { Role } from "~/access/roles";

/** Keys start with this so a leaked key is recognisable (secret scanners, logs). */
const KEY_PREFIX = "fwk_";
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export type ApiKeyInfo = { exists: boolean; prefix: string | null; createdAt: string | null };

export async function getApiKeyInfo(ctx: CallerContext): Promise<ApiKeyInfo> {
  const [row] = await db
    .select({ prefix: companyApiKeys.prefix, createdAt: companyApiKeys.createdAt })
    .from(companyApiKeys)
    .where(eq(companyApiKeys.companyId, ctx.companyId))
    .limit(1);
  return { exists: !!row, prefix: row?.prefix ?? null, createdAt: row?.createdAt.toISOString() ?? null };
}

/** Creates the company's key, or replaces it (the old key stops working at once). The key is returned only here. */
export async function createApiKey(ctx: CallerContext): Promise<{ apiKey: string; prefix: string; createdAt: string }> {
  const apiKey = `${KEY_PREFIX}${randomToken(32)}`;
  const prefix = apiKey.slice(0, SHOWN_PREFIX_LENGTH);
  const values = { keyHash: hashSecret(apiKey), prefix, createdByUserId: ctx.userId, createdAt: new Date() };
  const [row] = await db
    .insert(companyApiKeys)
    .values({ companyId: ctx.companyId, ...values })
    .onConflictDoUpdate({ target: companyApiKeys.companyId, set: values })
    .returning({ createdAt: companyApiKeys.createdAt });
  return { apiKey, prefix, createdAt: row.createdAt.toISOString() };
}

/** The key sent as `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
export function apiKeyFromRequest(request: Request): string | null {
  const header = request.headers.get("X-API-Key")?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return bearer?.[1] ?? null;
}

/** A key's calls act as the company's first (oldest) live company admin. */
export async function accessForApiKey(apiKey: string): Promise<Access | null> {
  if (!apiKey.startsWith(KEY_PREFIX) || apiKey.length > 200) return null;
  const [row] = await db
    .select({ userId: users.id, prefix: companyApiKeys.prefix })
    .from(companyApiKeys)
    .innerJoin(
      users,
      and(eq(users.companyId, companyApiKeys.companyId), eq(users.role, Role.CompanyAdmin), isNull(users.deletedAt)),
    )
    .where(eq(companyApiKeys.keyHash, hashSecret(apiKey)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ? loadAccessForUser(row.userId, `api-key:${row.prefix}`) : null;
}

registerApiAuthenticator(async (request) => {
  const apiKey = apiKeyFromRequest(request);
  return apiKey ? accessForApiKey(apiKey) : null;
});
