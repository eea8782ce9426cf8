// Who may hear about a project: its active members and every active admin, as the auth service says now. Jobs
// (alert delivery, scheduled reports) ask with the service key, having no user's session, and send only to them.
import type { Role } from "~/core/auth-contract";
import type { Services } from "~/core/context.server";
import { AUTH_RETRIES, callAuth } from "~/features/auth/auth-client.server";

export interface Recipient {
  id: string;
  email: string;
  roles: Role[];
}

export async function projectRecipients(services: Pick<Services, "env">, projectId: string): Promise<Recipient[]> {
  return (await projectAudiences(services, [projectId]))[projectId] ?? [];
}

/** Each project's recipients, by its id. */
export async function projectAudiences(
  services: Pick<Services, "env">,
  projectIds: string[],
): Promise<Record<string, Recipient[]>> {
  const result = await callAuth<{ audience: Record<string, Recipient[]> }>(services, "/project-audience", {
    token: services.env.authServiceKey,
    body: { projectIds },
    retries: AUTH_RETRIES,
  });
  if (!result.ok) throw new Error(`The auth service refused the project's audience: ${result.error}`);
  return result.data.audience;
}
