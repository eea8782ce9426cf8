import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "~/ui/button";
import { Field, FormError } from "~/ui/field";
import type { AuthFormResult } from "./forms.server";
import { HONEYPOT_FIELD } from "./schemas";

/** The sign-in / sign-up form: works as a plain form post, keeps the e-mail on error. */
export function AuthForm({ mode, result }: { mode: "signIn" | "signUp"; result: AuthFormResult | undefined }) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const redirectTo = params.get("redirect") ?? "/";
  const other = mode === "signIn" ? "/sign-up" : "/sign-in";
  const otherHref = redirectTo === "/" ? other : `${other}?${new URLSearchParams({ redirect: redirectTo })}`;
  const error = (field: string) => (result?.fieldErrors?.[field] ? t(result.fieldErrors[field]) : undefined);
  const formError = result?.formError
    ? "key" in result.formError
      ? t(result.formError.key)
      : result.formError.text
    : undefined;
  const title = mode === "signIn" ? t("signInTitle") : t("signUpTitle");

  let passwordFields: ReactNode = (
    <Field
      name="password"
      type="password"
      label={t("password")}
      autoComplete="current-password"
      required
      error={error("password")}
    />
  );
  if (mode === "signUp") {
    passwordFields = (
      <>
        <Field
          name="password"
          type="password"
          label={t("password")}
          autoComplete="new-password"
          minLength={8}
          required
          hint={t("passwordHint")}
          error={error("password")}
        />
        <Field
          name="confirmPassword"
          type="password"
          label={t("confirmPassword")}
          autoComplete="new-password"
          required
          error={error("confirmPassword")}
        />
      </>
    );
  }

  return (
    <>
      <title>{`${title} · Kuzatuv`}</title>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-1 mb-5 text-sm text-muted-foreground">
        {mode === "signIn" ? t("signInDescription") : t("signUpDescription")}
      </p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormError>{formError}</FormError>
        <input type="hidden" name="redirect" value={redirectTo} />
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {t("honeypot")}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <Field
          name="email"
          type="email"
          label={t("email")}
          placeholder={t("emailPlaceholder")}
          autoComplete="email"
          required
          defaultValue={result?.values.email}
          error={error("email")}
        />
        {passwordFields}
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? (mode === "signIn" ? t("signingIn") : t("signingUp")) : t(mode)}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm text-muted-foreground">
        {mode === "signIn" ? t("noAccount") : t("haveAccount")}{" "}
        <Link to={otherHref} className="font-medium text-foreground underline underline-offset-4">
          {mode === "signIn" ? t("signUp") : t("signIn")}
        </Link>
      </p>
    </>
  );
}
