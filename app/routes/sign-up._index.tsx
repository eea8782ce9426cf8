import { AuthForm } from "~/features/auth/auth-form";
import { submitAuthForm } from "~/features/auth/forms.server";
import { signUpSchema } from "~/features/auth/schemas";
import type { Route } from "./+types/sign-up._index";

export function action({ request, context }: Route.ActionArgs) {
  return submitAuthForm(request, context, "/signup", signUpSchema);
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signUp" result={actionData} />;
}
