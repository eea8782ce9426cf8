import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new webhook secret: 32 random bytes, base64url. Shown to the user once; only its hash is stored. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What `sources.webhook_secret_hash` holds: the SHA-256 of the secret, hex. */
export function hashWebhookSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/**
 * Whether a presented secret is the one whose hash is stored. Both sides are hashed to the same length
 * first, and compared in constant time, so the answer's timing says nothing about the secret.
 */
export function verifyWebhookSecret(presented: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = createHash("sha256").update(presented, "utf8").digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
