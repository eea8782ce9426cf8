import { useTranslation } from "~/i18n/use-translation";
import { InputField } from "~/ui/field";
import { PASSWORD_MIN_LENGTH } from "./schemas";

type Errors = { field: (name: string) => string | undefined };

/** The password the user has now, for the browser's password manager to fill. */
export function CurrentPasswordField({ name, label, errors }: { name: string; label: string; errors: Errors }) {
  return (
    <InputField
      name={name}
      type="password"
      label={label}
      autoComplete="current-password"
      required
      error={errors.field(name)}
    />
  );
}

/** A new password with the rule it must meet, and the same typed again as `confirmPassword`. */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  errors,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  errors: Errors;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <InputField
        name={name}
        type="password"
        label={label}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        hint={t("passwordHint")}
        error={errors.field(name)}
      />
      <InputField
        name="confirmPassword"
        type="password"
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={errors.field("confirmPassword")}
      />
    </>
  );
}
