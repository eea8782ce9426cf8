import { createHash, timingSafeEqual } from "node:crypto";

/** Whether `secret` is the one whose SHA-256 (hex) is stored, compared in constant time. */
export function verifyWebhookSecret(secret: string, hash: string | null | undefined): boolean {
  if (!hash) return false;
  const given = createHash("sha256").update(secret, "utf8").digest();
  const stored = Buffer.from(hash, "hex");
  return stored.length === given.length && timingSafeEqual(given, stored);
}
