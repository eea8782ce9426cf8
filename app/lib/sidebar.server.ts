import { createCookie } from "react-router";

export const sidebarCookie = createCookie("sidebar", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "collapsed";
}
