import { z } from "zod";
import { confirmPassword, newPassword } from "~/features/auth/schemas";
import { freeText } from "~/lib/form-rules";
import { DATE_FORMATS } from "~/lib/format";

export const FONTS = ["system", "inter", "noto-sans", "ibm-plex-sans"] as const;
export const NOTIFY = ["all", "mentions", "none"] as const;

// An HTML checkbox sends "on" when ticked and nothing otherwise; JavaScript may send "true"/"false".
const checkbox = z
  .enum(["on", "true", "false"])
  .optional()
  .transform((v) => v === "on" || v === "true");

export const profileSchema = z.object({
  bio: freeText({ multiline: true })
    .max(500, { error: "settings:errors.bioTooLong" })
    .transform((v) => v || null),
});

const timezone = (isTimeZone: (zone: string) => boolean) =>
  z
    .string({ error: "settings:errors.timezoneInvalid" })
    .refine(isTimeZone, { error: "settings:errors.timezoneInvalid" });

/** The one-click "use the browser's zone" form. */
export function timeZoneSchema(isTimeZone: (zone: string) => boolean) {
  return z.object({ timezone: timezone(isTimeZone) });
}

/** The date and time section; its clock is stored as `use12Hour`. */
export function accountSchema(isTimeZone: (zone: string) => boolean) {
  return z
    .object({
      timezone: timezone(isTimeZone),
      clock: z.enum(["12", "24"], { error: "settings:errors.choose" }),
      dateFormat: z.enum(DATE_FORMATS, { error: "settings:errors.choose" }),
      showRelativeTime: checkbox,
    })
    .transform(({ clock, ...rest }) => ({ ...rest, use12Hour: clock === "12" }));
}

export const appearanceSchema = z.object({
  font: z.enum(FONTS, { error: "settings:errors.choose" }),
});

export const notificationsSchema = z
  .object({
    notify: z.enum(NOTIFY, { error: "settings:errors.choose" }),
    communicationEmails: checkbox,
    marketingEmails: checkbox,
    socialEmails: checkbox,
    mobilePushDifferent: checkbox,
  })
  // Security e-mails cannot be turned off.
  .transform((v) => ({ ...v, securityEmails: true }));

export const passwordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: "settings:errors.currentPasswordRequired" })
      .max(200, { error: "auth:errors.passwordTooLong" }),
    newPassword,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: "auth:errors.passwordsDontMatch",
    path: ["confirmPassword"],
  });
