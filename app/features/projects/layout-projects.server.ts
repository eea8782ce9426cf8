import type { RouterContextProvider } from "react-router";
import { requireReader, servicesOf } from "~/core/context.server";
import { listProjects, type ProjectListItem } from "./projects.server";

const listedPerRequest = new WeakMap<object, Promise<ProjectListItem[]>>();

/**
 * The projects the signed-in reader may see, read once per request: the layout's switcher and the page
 * under it (the overview) both need them.
 */
export function layoutProjects(context: Readonly<RouterContextProvider>): Promise<ProjectListItem[]> {
  let listed = listedPerRequest.get(context);
  if (!listed) {
    listed = listProjects(servicesOf(context), requireReader(context));
    listedPerRequest.set(context, listed);
  }
  return listed;
}
