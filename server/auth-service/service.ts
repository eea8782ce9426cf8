import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { fileURLToPath } from "node:url";
import { hash, verify } from "@node-rs/argon2";
import { and, arrayContains, arrayOverlaps, count, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AuthErrorCode,
  type PublicUser,
  ROLES,
  type Role,
  type UserEvent,
  type UserEventAction,
} from "~/core/auth-contract";
import { can, PERMISSIONS, type Permission } from "~/core/permissions";
import { type Connection, drizzleOn, migrate } from "~/db/connection.server";
import * as schema from "./schema.ts";

const STATUS: Record<AuthErrorCode, number> = {
  invalid_input: 400,
  invalid_credentials: 401,
  invalid_token: 401,
  email_taken: 409,
  rate_limited: 429,
  forbidden: 403,
  account_deactivated: 403,
  not_found: 404,
  self_protected: 403,
  last_admin: 409,
};

/** A failure the caller can act on: a human message, a stable code and its HTTP status. */
export class AuthError extends Error {
  readonly code: AuthErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(code: AuthErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.fields = fields;
  }
}

// OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). 2 = Algorithm.Argon2id (a const enum).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const email = z
  .string({ error: "E-mail is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }).max(254, { error: "E-mail is too long" }));
export const password = z
  .string({ error: "Password is required" })
  .min(8, { error: "Password must be at least 8 characters" })
  .max(200, { error: "Password must be at most 200 characters" });

/** A password to check: never longer than `password` allows, so a longer one is refused for what it is. */
const existingPassword = z
  .string({ error: "Password is required" })
  .min(1, { error: "Password is required" })
  .max(200, { error: "Password must be at most 200 characters" });

/** `device`: the token a sign-in from this client returned before (ADR 041), which the app keeps in a cookie. */
const credentialsSchema = z.object({ email, password: existingPassword, device: z.string().max(200).optional() });
const signupSchema = z
  .object({ email, password, confirmPassword: z.string({ error: "Confirm your password" }) })
  .refine((v) => v.password === v.confirmPassword, { error: "Passwords do not match", path: ["confirmPassword"] });
const roleList = z.array(z.enum(ROLES)).min(1, { error: "Choose at least one role" }).max(ROLES.length);
// PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
const projectId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\0]*$/, { error: "Project ids cannot contain NUL" });
const projectIdList = z.array(projectId).max(500);
// Without a password the service makes a one-time one and returns it once (ADR 025).
const createUserSchema = z.object({
  email,
  password: password.optional(),
  roles: roleList,
  projectIds: projectIdList.default([]),
});
const updateUserSchema = z
  .object({ roles: roleList, projectIds: projectIdList, status: z.enum(["active", "deactivated"]) })
  .partial();
const memberSchema = z.object({ email });
const changePasswordSchema = z.object({ currentPassword: existingPassword, newPassword: password });

function parse<T>(schemaToUse: z.ZodType<T>, input: unknown): T {
  const result = schemaToUse.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
  throw new AuthError("invalid_input", Object.values(fields)[0] ?? "Invalid input", fields);
}

export interface RateLimits {
  /** Failed sign-ins for one e-mail within the window before it is refused. */
  perEmail: number;
  /** Failed sign-ins, and sign-ups, from one IP within the window. */
  perIp: number;
  windowMinutes: number;
}

export interface AuthServiceOptions {
  connection: Connection;
  tokenTtlHours?: number;
  limits?: Partial<RateLimits>;
  /** The app's background jobs present this key (AUTH_SERVICE_KEY) to read project audiences. */
  serviceKey?: string;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle/auth", import.meta.url));
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * A device token (ADR 041): a random id and its HMAC keyed by the user's password hash, a secret only this
 * service holds. Nothing is stored; a new password retires every device of the user.
 */
const deviceMac = (user: Pick<UserRow, "id" | "passwordHash">, id: string) =>
  createHmac("sha256", user.passwordHash).update(`device:${user.id}:${id}`).digest("base64url");

function newDevice(user: Pick<UserRow, "id" | "passwordHash">): string {
  const id = randomBytes(16).toString("base64url");
  return `${id}.${deviceMac(user, id)}`;
}

/** The device's id when `token` is one this user was given, else null. */
function knownDevice(user: Pick<UserRow, "id" | "passwordHash">, token: string): string | null {
  const [id = "", mac = ""] = token.split(".");
  const expected = Buffer.from(deviceMac(user, id));
  const given = Buffer.from(mac);
  return id && given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
/** 16 characters from a 96-bit random value: shown once to the admin, typed once by the new user. */
const oneTimePassword = () => randomBytes(12).toString("base64url");

type UserRow = typeof schema.users.$inferSelect;
type Changes = Partial<Pick<UserRow, "roles" | "projectIds" | "status">>;
const isActiveAdmin = (user: Pick<UserRow, "roles" | "status">) =>
  user.status === "active" && user.roles.includes("admin");

/** Each field whose value differs, with its old and new value. */
function diff(before: UserRow, changes: Changes) {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(changes) as Array<[keyof Changes, unknown]>) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changed[field] = { from, to };
  }
  return changed;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  connection,
  tokenTtlHours = 24 * 30,
  limits: given,
  serviceKey,
}: AuthServiceOptions) {
  const db = drizzleOn(connection, schema);
  const { users, tokens, attempts, userEvents } = schema;
  const limits: RateLimits = { perEmail: 5, perIp: 30, windowMinutes: 15, ...given };
  // Verified when an e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
  const dummyHash = hash("kuzatuv-timing-equaliser", ARGON2);

  const toPublic = (row: typeof users.$inferSelect): PublicUser => ({
    id: row.id,
    email: row.email,
    roles: row.roles as Role[],
    projectIds: row.projectIds,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    mustChangePassword: row.mustChangePassword,
  });
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

  async function record(
    tx: Tx | typeof db,
    target: Pick<UserRow, "id" | "email">,
    actor: Pick<UserRow, "id" | "email"> | null,
    action: UserEventAction,
    changes: Record<string, { from: unknown; to: unknown }> = {},
  ) {
    await tx.insert(userEvents).values({
      userId: target.id,
      userEmail: target.email,
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action,
      changes,
    });
  }

  const revokeAll = (tx: Tx | typeof db, userId: string) =>
    tx
      .update(tokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));

  /** Serialises changes to users, so two admins cannot remove each other's access at the same moment. */
  const lockUsers = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(727274004)`);

  /** Refused when `target`, an active admin now, would stop being one and no other active admin is left. */
  async function keepAnAdmin(tx: Tx, target: UserRow, after: Pick<UserRow, "roles" | "status"> | null) {
    if (!isActiveAdmin(target) || (after && isActiveAdmin(after))) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(ne(users.id, target.id), eq(users.status, "active"), sql`'admin' = ANY(${users.roles})`));
    if (n === 0) throw new AuthError("last_admin", "The workspace must keep at least one active admin");
  }

  /**
   * Applies an admin's or a manager's change to a user in one transaction: the last-admin rule, the
   * history entry, and the end of every session when the user is deactivated or loses a role or a project. Changes given as a
   * function are made from the row as it is inside the lock, so concurrent edits of a list never lose one.
   */
  async function changeUser(
    actor: UserRow,
    id: string,
    change: Changes | ((current: UserRow) => Changes),
  ): Promise<UserRow> {
    return db.transaction(async (tx) => {
      await lockUsers(tx);
      const [target] = await tx.select().from(users).where(eq(users.id, id));
      if (!target) throw new AuthError("not_found", "User not found");
      const changes = typeof change === "function" ? change(target) : change;
      const changed = diff(target, changes);
      if (Object.keys(changed).length === 0) return target;
      await keepAnAdmin(tx, target, { roles: changes.roles ?? target.roles, status: changes.status ?? target.status });
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (changes.status === "deactivated" || losesRights(target, changes)) await revokeAll(tx, id);
      const action = changed.status ? (changes.status === "deactivated" ? "deactivated" : "reactivated") : "updated";
      await record(tx, target, actor, action, changed);
      return row as UserRow;
    });
  }

  /** A permission or a project taken away: every token is revoked, so no client keeps acting on the old grant. */
  function losesRights(target: UserRow, changes: Changes): boolean {
    const before = { roles: target.roles as Role[] };
    const after = { roles: (changes.roles ?? target.roles) as Role[] };
    const projects = changes.projectIds ?? target.projectIds;
    const lostPermission = (Object.keys(PERMISSIONS) as Permission[]).some(
      (permission) => can(before, permission) && !can(after, permission),
    );
    return lostPermission || target.projectIds.some((id) => !projects.includes(id));
  }

  /** Admins manage every project's members; managers those of their own projects. */
  async function requireProjectManager(token: string | null, projectIdValue: unknown) {
    const caller = await userForToken(token);
    const id = parse(projectId, projectIdValue);
    const allowed =
      caller.roles.includes("admin") || (caller.roles.includes("manager") && caller.projectIds.includes(id));
    if (!allowed) throw new AuthError("forbidden", "Only admins and the project's managers can change its members");
    return { caller, projectId: id };
  }

  async function recentAttempts(key: string): Promise<number> {
    const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [row] = await db
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.key, key), gt(attempts.at, since)));
    return row?.n ?? 0;
  }

  /**
   * Counts this attempt under each key, then refuses it when a key is over its limit. Counting
   * before the check (an insert, then a count that includes it) holds for parallel requests and
   * across instances: the n-th attempt to be stored always counts at least n. Returns the rows.
   */
  async function countAttempt(keys: Array<[string, number]>): Promise<string[]> {
    const rows = await db
      .insert(attempts)
      .values(keys.map(([key]) => ({ key })))
      .returning({ id: attempts.id });
    for (const [key, limit] of keys) {
      if ((await recentAttempts(key)) > limit) {
        throw new AuthError("rate_limited", `Too many attempts. Try again in ${limits.windowMinutes} minutes.`);
      }
    }
    return rows.map((row) => row.id);
  }

  async function issueToken(userId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + tokenTtlHours * 3_600_000);
    await db.insert(tokens).values({ tokenHash: sha256(token), userId, expiresAt });
    return token;
  }

  async function userForToken(token: string | null): Promise<typeof users.$inferSelect> {
    if (!token) throw new AuthError("invalid_token", "No token available");
    const [row] = await db
      .select({ user: users })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(and(eq(tokens.tokenHash, sha256(token)), isNull(tokens.revokedAt), gt(tokens.expiresAt, sql`now()`)))
      .limit(1);
    if (row?.user.status !== "active") throw new AuthError("invalid_token", "Your session has expired");
    return row.user;
  }

  async function requireAdmin(token: string | null) {
    const caller = await userForToken(token);
    if (!caller.roles.includes("admin")) throw new AuthError("forbidden", "Only admins can manage users");
    return caller;
  }

  async function findUser(id: string) {
    if (!z.uuid().safeParse(id).success) throw new AuthError("not_found", "User not found");
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new AuthError("not_found", "User not found");
    return row;
  }

  /** Inserts a user; the very first user of an empty service becomes admin, whatever was asked. */
  async function insertUser(
    input: { email: string; password: string; roles?: Role[]; projectIds?: string[]; mustChangePassword?: boolean },
    actor: UserRow | null = null,
  ) {
    const passwordHash = await hash(input.password, ARGON2);
    return db.transaction(async (tx) => {
      // Serialises concurrent first sign-ups so exactly one becomes admin.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727274002)`);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing)
        throw new AuthError("email_taken", "An account with this e-mail already exists", { email: "taken" });
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users);
      const roles = n === 0 ? ["admin"] : (input.roles ?? ["viewer"]);
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          roles,
          projectIds: input.projectIds ?? [],
          mustChangePassword: input.mustChangePassword ?? false,
        })
        .returning();
      const user = row as UserRow;
      await record(tx, user, actor ?? user, "created", {
        roles: { from: null, to: user.roles },
        projectIds: { from: null, to: user.projectIds },
      });
      return user;
    });
  }

  return {
    migrate: () => migrate(connection, { folder: migrationsFolder, table: "auth_migrations", lockKey: 727_274_003 }),

    async health() {
      await db.execute(sql`SELECT 1`);
      return { status: "ok" as const, database: "ok" as const };
    },

    async signup(input: unknown, ip: string) {
      const data = parse(signupSchema, input);
      await countAttempt([[`signup:ip:${ip}`, limits.perIp]]);
      const user = await insertUser(data);
      return { token: await issueToken(user.id), user: toPublic(user), device: newDevice(user) };
    },

    /**
     * Failures are counted per e-mail for clients the user never signed in from, and per device for one
     * that presents a device token of the user's (ADR 041): strangers' wrong passwords lock out strangers,
     * not the owner's own browser. Per IP either way.
     */
    async login(input: unknown, ip: string) {
      const data = parse(credentialsSchema, input);
      const [user] = await db.select().from(users).where(eq(users.email, data.email));
      const device = user && data.device ? knownDevice(user, data.device) : null;
      const limited = device ? `login:device:${device}` : `login:email:${data.email}`;
      const counted = await countAttempt([
        [limited, limits.perEmail],
        [`login:ip:${ip}`, limits.perIp],
      ]);
      const ok = await verify(user?.passwordHash ?? (await dummyHash), data.password);
      if (!user || !ok) throw new AuthError("invalid_credentials", "Invalid e-mail or password");
      if (user.status !== "active") throw new AuthError("account_deactivated", "This account has been deactivated");
      // A success clears the failures it was counted under and does not count against the IP.
      await db.delete(attempts).where(or(eq(attempts.key, limited), inArray(attempts.id, counted)));
      await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, user.id));
      return { token: await issueToken(user.id), user: toPublic(user), device: newDevice(user) };
    },

    async logout(token: string | null) {
      if (!token) throw new AuthError("invalid_token", "No token available");
      await db
        .update(tokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(tokens.tokenHash, sha256(token)));
      return {};
    },

    async validate(token: string | null) {
      return { valid: true as const, user: toPublic(await userForToken(token)) };
    },

    async listUsers(token: string | null) {
      await requireAdmin(token);
      const rows = await db.select().from(users).orderBy(users.createdAt);
      return { users: rows.map(toPublic) };
    },

    async createUser(token: string | null, input: unknown) {
      const caller = await requireAdmin(token);
      const data = parse(createUserSchema, input);
      const generated = data.password === undefined ? oneTimePassword() : null;
      const user = await insertUser(
        { ...data, password: data.password ?? (generated as string), mustChangePassword: generated !== null },
        caller,
      );
      return { user: toPublic(user), ...(generated ? { oneTimePassword: generated } : {}) };
    },

    async updateUser(token: string | null, id: string, input: unknown) {
      const caller = await requireAdmin(token);
      const target = await findUser(id);
      const changes = parse(updateUserSchema, input);
      if (
        target.id === caller.id &&
        (changes.status === "deactivated" || (changes.roles && !changes.roles.includes("admin")))
      ) {
        throw new AuthError("self_protected", "You cannot remove your own admin access");
      }
      return { user: toPublic(await changeUser(caller, id, changes)) };
    },

    async deleteUser(token: string | null, id: string) {
      const caller = await requireAdmin(token);
      const target = await findUser(id);
      if (target.id === caller.id) throw new AuthError("self_protected", "You cannot delete your own account");
      await db.transaction(async (tx) => {
        await lockUsers(tx);
        const [current] = await tx.select().from(users).where(eq(users.id, id));
        if (!current) throw new AuthError("not_found", "User not found");
        await keepAnAdmin(tx, current, null);
        // Tokens go with the user (foreign key cascade).
        await tx.delete(users).where(eq(users.id, id));
        await record(tx, current, caller, "deleted");
      });
      return {};
    },

    /** The user's history, newest first (admins only). Kept after the user is deleted. */
    async userHistory(token: string | null, id: string): Promise<{ events: UserEvent[] }> {
      await requireAdmin(token);
      if (!z.uuid().safeParse(id).success) throw new AuthError("not_found", "User not found");
      const rows = await db
        .select()
        .from(userEvents)
        .where(eq(userEvents.userId, id))
        .orderBy(desc(userEvents.at), desc(userEvents.id))
        .limit(200);
      return {
        events: rows.map((row) => ({
          id: row.id,
          action: row.action as UserEventAction,
          actorEmail: row.actorEmail,
          changes: row.changes,
          at: row.at.toISOString(),
        })),
      };
    },

    /** Puts the user with this e-mail in the project (admins; managers for their projects). */
    async addProjectMember(token: string | null, projectIdValue: unknown, input: unknown) {
      const { caller, projectId: id } = await requireProjectManager(token, projectIdValue);
      const data = parse(memberSchema, input);
      const [target] = await db.select().from(users).where(eq(users.email, data.email));
      if (!target) throw new AuthError("not_found", "No user has this e-mail", { email: "unknown" });
      const added = await changeUser(caller, target.id, (current) => ({
        projectIds: current.projectIds.includes(id) ? current.projectIds : [...current.projectIds, id],
      }));
      return { user: toPublic(added) };
    },

    /** Takes the project off the user (admins; managers for their projects). */
    async removeProjectMember(token: string | null, projectIdValue: unknown, userId: string) {
      const { caller, projectId: id } = await requireProjectManager(token, projectIdValue);
      const target = await findUser(userId);
      const removed = await changeUser(caller, target.id, (current) => ({
        projectIds: current.projectIds.filter((p) => p !== id),
      }));
      return { user: toPublic(removed) };
    },

    /** Ends every session of the caller, this one included. */
    async logoutEverywhere(token: string | null) {
      const user = await userForToken(token);
      await revokeAll(db, user.id);
      await record(db, user, user, "signed_out_everywhere");
      return {};
    },

    async changePassword(token: string | null, input: unknown) {
      const user = await userForToken(token);
      const data = parse(changePasswordSchema, input);
      if (!(await verify(user.passwordHash, data.currentPassword))) {
        throw new AuthError("invalid_credentials", "The current password is not correct", { currentPassword: "wrong" });
      }
      await db
        .update(users)
        .set({ passwordHash: await hash(data.newPassword, ARGON2), mustChangePassword: false, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      // Other sessions end; the one that changed the password stays signed in.
      await db
        .update(tokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(tokens.userId, user.id), isNull(tokens.revokedAt), ne(tokens.tokenHash, sha256(token ?? ""))));
      await record(db, user, user, "password_changed");
      return {};
    },

    /**
     * Members of the given projects (users whose projectIds list them), for projects the caller belongs
     * to; an admin may ask about any project. Others' projects are left out, not refused.
     */
    async projectMembers(token: string | null, input: unknown) {
      const caller = await userForToken(token);
      const { projectIds } = parse(z.object({ projectIds: z.array(z.string().min(1).max(64)).max(500) }), input);
      const visible = caller.roles.includes("admin")
        ? projectIds
        : projectIds.filter((id) => caller.projectIds.includes(id));
      const members: Record<string, Array<Pick<PublicUser, "id" | "email" | "roles">>> = {};
      if (visible.length === 0) return { members };
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.status, "active"), arrayOverlaps(users.projectIds, visible)))
        .orderBy(users.email);
      for (const id of visible) members[id] = [];
      for (const row of rows) {
        for (const id of row.projectIds)
          members[id]?.push({ id: row.id, email: row.email, roles: row.roles as Role[] });
      }
      return { members };
    },

    /**
     * Who may hear about each project (its active members, and every active admin), for the app's background
     * jobs, which have no user's token: they present the service key instead.
     */
    async projectAudience(key: string | null, input: unknown) {
      const expected = Buffer.from(sha256(serviceKey ?? randomBytes(32).toString("hex")));
      if (!key || !timingSafeEqual(Buffer.from(sha256(key)), expected)) {
        throw new AuthError("invalid_token", "A valid service key is required");
      }
      const { projectIds } = parse(z.object({ projectIds: z.array(z.uuid()).min(1).max(500) }), input);
      const rows = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.status, "active"),
            or(arrayOverlaps(users.projectIds, projectIds), arrayContains(users.roles, ["admin"])),
          ),
        )
        .orderBy(users.email);
      const audience: Record<string, Array<Pick<PublicUser, "id" | "email" | "roles">>> = {};
      for (const id of projectIds) {
        audience[id] = rows
          .filter((row) => row.roles.includes("admin") || row.projectIds.includes(id))
          .map((row) => ({ id: row.id, email: row.email, roles: row.roles as Role[] }));
      }
      return { audience };
    },

    async hasUsers(): Promise<boolean> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
      return n > 0;
    },

    /** Creates the demo team on an empty service (the first becomes admin); null when users exist. */
    async ensureDemoAccounts(
      accounts: Array<{ email: string; password: string; roles: Role[]; projectIds: string[] }>,
    ) {
      if (await this.hasUsers()) return null;
      const created: PublicUser[] = [];
      for (const account of accounts) created.push(toPublic(await insertUser(account)));
      return created;
    },

    /** Sets the projects of existing accounts by e-mail (used when the demo data is re-created). */
    async assignProjects(assignments: Record<string, string[]>) {
      for (const [email, projectIds] of Object.entries(assignments)) {
        await db.update(users).set({ projectIds, updatedAt: sql`now()` }).where(eq(users.email, email));
      }
    },
  };
}
