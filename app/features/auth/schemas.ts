import { z } from "zod";

// Messages are translation keys; forms show them with t().
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "auth:errors.emailRequired" })
  .max(254, { error: "auth:errors.emailTooLong" })
  .pipe(z.email({ error: "auth:errors.emailInvalid" }));

export const PASSWORD_MIN_LENGTH = 8;

/** The rule for every new password (sign-up, change of password). */
export const newPassword = z
  .string()
  .min(1, { error: "auth:errors.passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, { error: "auth:errors.passwordTooShort" })
  .max(200, { error: "auth:errors.passwordTooLong" });

export const confirmPassword = z.string().min(1, { error: "auth:errors.confirmRequired" });

export const signInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, { error: "auth:errors.passwordRequired" })
    .max(200, { error: "auth:errors.passwordTooLong" }),
});

export const signUpSchema = z
  .object({ email, password: newPassword, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    error: "auth:errors.passwordsDontMatch",
    path: ["confirmPassword"],
  });

/** The honeypot field: people never see it, form-filling bots fill it in. */
export const HONEYPOT_FIELD = "website";
