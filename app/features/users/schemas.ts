import { z } from "zod";
import { ROLES } from "~/core/auth-contract";
import { email } from "~/features/auth/schemas";

// Messages are translation keys; forms show them with t().

/** A checkbox group: nothing ticked sends nothing, one ticked a string, several an array. */
const ticked = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : ([] as unknown[]).concat(value)), z.array(item));

const roles = ticked(z.enum(ROLES, { error: "users:errors.roleInvalid" })).pipe(
  z.array(z.enum(ROLES)).min(1, { error: "users:errors.roleRequired" }),
);
const projectIds = ticked(z.string().min(1).max(64)).pipe(z.array(z.string()).max(500));

export const createUserSchema = z.object({ email, roles, projectIds });
export const editUserSchema = z.object({ roles, projectIds });
export const memberSchema = z.object({ email });

/** Deleting a user is confirmed by typing their e-mail. */
export function deleteUserSchema(userEmail: string) {
  return z.object({
    confirm: z
      .string()
      .trim()
      .refine((typed) => typed.toLowerCase() === userEmail, { error: "users:errors.confirmEmail" }),
  });
}
