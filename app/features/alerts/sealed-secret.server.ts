// Outgoing webhooks' signing secrets at rest. A webhook source's secret is stored as a hash, which is all a
// check of a presented secret needs; signing needs the secret itself (a stored hash would be the key), so it
// is encrypted instead, with a key derived from SESSION_SECRET: a database dump alone does not reveal it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Env } from "~/lib/env.server";

const VERSION = "v1";

const keyOf = (env: Pick<Env, "sessionSecret">) =>
  Buffer.from(hkdfSync("sha256", env.sessionSecret, "kuzatuv", "outgoing webhook secrets", 32));

/** A new signing secret: 32 random bytes, base64url, shown to the admin once. */
export function generateSigningSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** `v1.<iv>.<ciphertext and tag>` (AES-256-GCM, base64url). */
export function sealSecret(env: Pick<Env, "sessionSecret">, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(env), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, iv.toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The secret, or null when it cannot be opened (SESSION_SECRET changed since it was sealed). */
export function openSecret(env: Pick<Env, "sessionSecret">, sealed: string): string | null {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) return null;
  try {
    const bytes = Buffer.from(data, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyOf(env), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
