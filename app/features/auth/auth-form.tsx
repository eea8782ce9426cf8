import { Form, Link, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, useIsPending } from "~/lib/forms";
import { SubmitButton } from "~/ui/button";
import { EmailField, FormError } from "~/ui/field";
import { useFormErrors } from "~/ui/use-form-fields";
import { CurrentPasswordField, NewPasswordFields } from "./password-fields";
import { HONEYPOT_FIELD } from "./schemas";

function fillBrowserZone(input: HTMLInputElement | null) {
  if (input) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The sign-in / sign-up form: works as a plain form post, keeps the e-mail on error. */
export function AuthForm({ mode, result }: { mode: "signIn" | "signUp"; result: FormResult | undefined }) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const pending = useIsPending();
  const errors = useFormErrors(result);
  const redirectTo = params.get("redirect") ?? "/";
  const other = mode === "signIn" ? "/sign-up" : "/sign-in";
  const otherHref = redirectTo === "/" ? other : `${other}?${new URLSearchParams({ redirect: redirectTo })}`;
  const title = mode === "signIn" ? t("signInTitle") : t("signUpTitle");

  return (
    <>
      <title>{`${title} · Kuzatuv`}</title>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-1 mb-5 text-sm text-muted-foreground">
        {mode === "signIn" ? t("signInDescription") : t("signUpDescription")}
      </p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormError>{errors.form}</FormError>
        <input type="hidden" name="redirect" value={redirectTo} />
        {/* A new account starts in the browser's zone; before hydration the `tz` cookie stands in. */}
        <input type="hidden" name="timezone" ref={fillBrowserZone} />
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {t("honeypot")}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <EmailField
          label={t("email")}
          autoComplete="email"
          required
          defaultValue={result?.values?.email}
          error={errors.field("email")}
        />
        {mode === "signIn" ? (
          <CurrentPasswordField name="password" label={t("password")} errors={errors} />
        ) : (
          <NewPasswordFields
            name="password"
            label={t("password")}
            confirmLabel={t("confirmPassword")}
            errors={errors}
          />
        )}
        <SubmitButton
          pending={pending}
          pendingLabel={mode === "signIn" ? t("signingIn") : t("signingUp")}
          className="self-stretch"
        >
          {t(mode)}
        </SubmitButton>
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
