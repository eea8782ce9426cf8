import { AuthForm } from "~/features/auth/auth-form";
import { signInSchema } from "~/features/auth/schemas";
import type { Route } from "./+types/sign-in._index";
import { entryAction } from "./auth-entry.server";

export const action = entryAction("/login", signInSchema);

export default function SignInPage({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signIn" result={actionData} />;
}
