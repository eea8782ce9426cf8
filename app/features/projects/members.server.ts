import type { Role } from "~/core/auth-contract";
import type { Services } from "~/core/context.server";
import { callAuth } from "~/features/auth/auth-client.server";
import type { AuthCaller } from "~/features/auth/guard.server";

export type Member = { id: string; email: string; roles: Role[] };

/**
 * Members of the given projects, from the auth service (accounts' projectIds are the one source of
 * membership). An unreachable service leaves the lists empty rather than failing the page.
 */
export async function projectMembers(
  services: Services,
  caller: AuthCaller,
  projectIds: string[],
): Promise<Record<string, Member[]>> {
  if (projectIds.length === 0) return {};
  const result = await callAuth<{ members: Record<string, Member[]> }>(services, "/project-members", {
    ...caller,
    body: { projectIds },
  }).catch(() => null);
  return result?.ok ? result.data.members : {};
}
