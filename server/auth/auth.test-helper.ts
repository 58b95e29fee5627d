import * as OTPAuth from "otpauth";
import { desc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { ROLE_TITLES, type RoleCode } from "../../domain/shared/roles.ts";
import { hashPassword } from "./password-hash.ts";
import type { PasswordHashCost } from "./password-hash-cost.ts";
import { auditEvents } from "../db/schema/audit.ts";
import { mfaEnrolments, passwordHashes } from "../db/schema/credentials.ts";
import { institutions } from "../db/schema/institutions.ts";
import { outboxMessages } from "../db/schema/outbox.ts";
import { roles } from "../db/schema/roles.ts";
import { administrators, staff, users } from "../db/schema/users.ts";
import { API_KEY_HEADER, type TestApp } from "../test-app.test-helper.ts";

/** Strong enough for the strength rule; the tests never print it. */
export const PASSWORD = "Correct-Horse-Battery-42";
export const NEW_PASSWORD = "Lantern-Meadow-Quartz-97";

export type TestAccount = {
  readonly id: number;
  readonly email: string;
  readonly password: string;
  readonly institutionId: number | null;
};

export type AccountOptions = {
  readonly email: string;
  readonly role?: RoleCode;
  readonly password?: string | null;
  readonly changePassword?: boolean;
  /** A confirmed e-mail factor, the default (like the demo's named accounts). */
  readonly emailMfa?: boolean;
  readonly status?: "active" | "pending" | "inactive" | "archived";
  readonly phone?: string | null;
  readonly archived?: boolean;
  /**
   * The cost of the account's hash: the test cost (testConfig's) unless a test is about the
   * production one, whose app then says `passwordHashCost: "production"` too.
   */
  readonly passwordHashCost?: PasswordHashCost;
};

let institutionCounter = 0;

/** One account on a test database: role row, institution, user, its administrator or staff face, password hash. */
export const createAccount = async (t: TestApp, options: AccountOptions): Promise<TestAccount> => {
  const db = t.database.db;
  const role = options.role ?? "staff";
  await db.insert(roles).values({ code: role, title: ROLE_TITLES[role] }).onConflictDoNothing();
  const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, role));
  let institutionId: number | null = null;
  if (role !== "super_admin") {
    institutionCounter += 1;
    const [institution] = await db
      .insert(institutions)
      .values({ name: `Clinic ${institutionCounter} ${options.email}` })
      .returning({ id: institutions.id });
    institutionId = institution?.id ?? null;
  }
  const [user] = await db
    .insert(users)
    .values({
      email: options.email,
      firstName: "Test",
      lastName: "Person",
      phone: options.phone ?? null,
      roleId: roleRow?.id ?? 0,
      institutionId,
      changePassword: options.changePassword ?? false,
      defaultMfaMethod: (options.emailMfa ?? true) ? "email" : null,
      archivedAt: options.archived === true ? t.clock.now() : null,
    })
    .returning({ id: users.id });
  if (user === undefined) throw new Error("no user");
  const status = options.status ?? "active";
  if (role === "staff") {
    const staffStatus = status === "archived" ? "inactive" : status;
    await db.insert(staff).values({ userId: user.id, institutionId: institutionId ?? 0, status: staffStatus });
  } else {
    const adminStatus = status === "inactive" ? "archived" : status;
    await db.insert(administrators).values({ userId: user.id, institutionId, status: adminStatus });
  }
  const password = options.password === undefined ? PASSWORD : options.password;
  if (password !== null) await db.insert(passwordHashes).values({ userId: user.id, hash: await hashPassword(password, options.passwordHashCost ?? "test") });
  if (options.emailMfa ?? true) await db.insert(mfaEnrolments).values({ userId: user.id, method: "email", confirmedAt: t.clock.now() });
  return { id: user.id, email: options.email, password: password ?? "", institutionId };
};

export const basic = (email: string, password: string): string =>
  `Basic ${Buffer.from(`${email}:${password}`, "utf8").toString("base64")}`;

export const AUTH = "/api/authentication";

export const login = (t: TestApp, email: string, password: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "POST", url: `${AUTH}/login_web/`, headers: { ...API_KEY_HEADER, authorization: basic(email, password) } });

/** Signs in with the password and returns the pre-authentication token (fails the test otherwise). */
export const preAuthToken = async (t: TestApp, account: TestAccount): Promise<string> => {
  const response = await login(t, account.email, account.password);
  if (response.statusCode !== 200) throw new Error(`login_web answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { token: string }).token;
};

export const withToken = (token: string) => ({ ...API_KEY_HEADER, authorization: `Token ${token}` });
export const withBearer = (token: string) => ({ ...API_KEY_HEADER, authorization: `Bearer ${token}` });

export const postPreAuth = (t: TestApp, token: string, path: string, payload?: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: "POST", url: `${AUTH}/${path}`, headers: withToken(token), ...(payload === undefined ? {} : { payload }) });

export const resend = (t: TestApp, token: string, method: string) => postPreAuth(t, token, "totp/re_send/", { mfa_option: method });
export const verify = (t: TestApp, token: string, method: string, code: string) =>
  postPreAuth(t, token, "totp/verify/", { mfa_option: method, otp_code: code });

/** The newest message to an address, from the outbox table (what /api/dev/outbox shows). */
export const newestMessage = async (t: TestApp, to: string): Promise<{ body: string; subject: string } | undefined> => {
  const [row] = await t.database.db
    .select({ body: outboxMessages.body, subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(sql`lower(${outboxMessages.recipient}) = lower(${to})`)
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row;
};

/** The code in the newest sign-in message to an address ("Your sign-in code is 123456"). */
export const newestCode = async (t: TestApp, to: string): Promise<string> => {
  const body = (await newestMessage(t, to))?.body ?? "";
  const code = /Your sign-in code is (\d{6})/.exec(body)?.[1];
  if (code === undefined) throw new Error(`no code in the newest message to ${to}`);
  return code;
};

export type SignedIn = { readonly access: string; readonly refresh: string; readonly preAuth: string };

/** The whole sign-in of an account with a confirmed e-mail factor: password, code, verify. */
export const signIn = async (t: TestApp, account: TestAccount): Promise<SignedIn> => {
  const preAuth = await preAuthToken(t, account);
  const sent = await resend(t, preAuth, "email");
  if (sent.statusCode !== 204) throw new Error(`re_send answered ${sent.statusCode}: ${sent.body}`);
  const verified = await verify(t, preAuth, "email", await newestCode(t, account.email));
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  const body = verified.json() as { access_token: string; refresh_token: string };
  return { access: body.access_token, refresh: body.refresh_token, preAuth };
};

export const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: "POST", url: `${AUTH}/refresh/`, headers: API_KEY_HEADER, payload: { refresh: token } });

export const me = (t: TestApp, access: string) => t.app.inject({ url: "/api/users/me/", headers: withBearer(access) });

/** What an authenticator app shows at a moment. */
export const totpAt = (secret: string, at: Date): string =>
  new OTPAuth.TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

export type AuditRow = typeof auditEvents.$inferSelect;

export const auditRows = (t: TestApp): Promise<AuditRow[]> => t.database.db.select().from(auditEvents).orderBy(auditEvents.id);

export const auditFor = async (t: TestApp, userId: number | null): Promise<AuditRow[]> =>
  (await auditRows(t)).filter((row) => row.userId === userId);

/** Moves past every per-IP window, so limits of other tests do not leak into the next call. */
export const pastIpWindows = (t: TestApp): void => t.clock.advance(15 * 60_000 + 1000);
