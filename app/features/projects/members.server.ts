import type { RouterContextProvider } from "react-router";
import type { Role } from "../../core/auth-contract.ts";
import { callAuth } from "../auth/auth-client.server";
import { authCallContext } from "../auth/guard.server";

export type Member = { id: string; email: string; roles: Role[] };

/**
 * Members of the given projects, from the auth service (accounts' projectIds are the one source of
 * membership). An unreachable service leaves the lists empty rather than failing the page.
 */
export async function projectMembers(
  context: Readonly<RouterContextProvider>,
  projectIds: string[],
): Promise<Record<string, Member[]>> {
  if (projectIds.length === 0) return {};
  const { token, clientIp } = authCallContext(context);
  const result = await callAuth<{ members: Record<string, Member[]> }>("/project-members", {
    token,
    clientIp,
    body: { projectIds },
  }).catch(() => null);
  return result?.ok ? result.data.members : {};
}
