import { z } from "zod";

// Messages are translation keys; forms show them with t().
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "auth:errors.emailRequired" })
  .max(254, { error: "auth:errors.emailTooLong" })
  .pipe(z.email({ error: "auth:errors.emailInvalid" }));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { error: "auth:errors.passwordRequired" }),
});

export const signUpSchema = z
  .object({
    email,
    password: z
      .string()
      .min(1, { error: "auth:errors.passwordRequired" })
      .min(8, { error: "auth:errors.passwordTooShort" })
      .max(200, { error: "auth:errors.passwordTooLong" }),
    confirmPassword: z.string().min(1, { error: "auth:errors.confirmRequired" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "auth:errors.passwordsDontMatch",
    path: ["confirmPassword"],
  });

/** The first message for each field, keyed by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

/** The honeypot field: people never see it, form-filling bots fill it in. */
export const HONEYPOT_FIELD = "website";
