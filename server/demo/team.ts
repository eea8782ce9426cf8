import type { Role } from "~/core/auth-contract";
import type { BrandKey } from "./content.ts";

export const DEMO_PASSWORD = "kuzatuv-demo";

/** The zone the demo team starts in (their own choice from then on): the workspace's brands are in Uzbekistan. */
export const DEMO_TIME_ZONE = "Asia/Tashkent";

/** The demo team: an admin, and one user of each other role on some of the projects. */
export function demoTeam(
  projectIds: Record<BrandKey, string>,
): Array<{ email: string; password: string; roles: Role[]; projectIds: string[] }> {
  return [
    { email: "demo@kuzatuv.local", password: DEMO_PASSWORD, roles: ["admin"], projectIds: [] },
    {
      email: "manager@kuzatuv.local",
      password: DEMO_PASSWORD,
      roles: ["manager"],
      // All three: so everyone on Nurbank sees its competitor Orzu, and its reports name it.
      projectIds: [projectIds.nurbank, projectIds.orzu, projectIds.tezpay],
    },
    {
      email: "analyst@kuzatuv.local",
      password: DEMO_PASSWORD,
      roles: ["analyst"],
      projectIds: [projectIds.nurbank, projectIds.orzu],
    },
    { email: "viewer@kuzatuv.local", password: DEMO_PASSWORD, roles: ["viewer"], projectIds: [projectIds.tezpay] },
  ];
}
