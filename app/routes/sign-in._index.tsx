import { AuthForm } from "~/features/auth/auth-form";
import { submitAuthForm } from "~/features/auth/forms.server";
import { signInSchema } from "~/features/auth/schemas";
import type { Route } from "./+types/sign-in._index";

export function action({ request, context }: Route.ActionArgs) {
  return submitAuthForm(request, context, "/login", signInSchema);
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signIn" result={actionData} />;
}
