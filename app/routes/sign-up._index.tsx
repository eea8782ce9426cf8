import { AuthForm } from "~/features/auth/auth-form";
import { signUpSchema } from "~/features/auth/schemas";
import type { Route } from "./+types/sign-up._index";
import { entryAction } from "./auth-entry.server";

export const action = entryAction("/signup", signUpSchema);

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signUp" result={actionData} />;
}
