import { useRef } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { Role } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { LifeBuoy, LogOut, Settings } from "~/ui/icons";
import { useDetailsDismiss } from "~/ui/use-dismiss";

export interface MenuUser {
  displayName: string;
  email: string;
  roles: Role[];
}

/** Avatar button with who is signed in, links to settings and help, the version, and sign-out. */
export function UserMenu({ user }: { user: MenuUser }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(menu);
  const version = useRouteLoaderData<{ version: string }>("root")?.version;
  return (
    <details ref={menu} className="menu">
      <summary className="avatar" aria-label={t("auth:userMenu")} title={user.email}>
        {user.displayName.slice(0, 1).toUpperCase()}
      </summary>
      <div className="menu-panel w-60">
        <div className="px-2 py-1.5">
          <p className="text-xs text-muted-foreground">{t("auth:signedInAs")}</p>
          <p className="truncate text-sm font-medium">{user.displayName}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {user.roles.map((role) => t(`auth:roles.${role}`)).join(", ")}
          </p>
        </div>
        <hr className="my-1 border-border" />
        <Link to="/settings" className="menu-item">
          <Settings aria-hidden="true" />
          {t("navigation:settings")}
        </Link>
        <Link to="/help-center" className="menu-item">
          <LifeBuoy aria-hidden="true" />
          {t("navigation:helpCenter")}
        </Link>
        <hr className="my-1 border-border" />
        <form method="post" action="/sign-out">
          <button type="submit" className="menu-item">
            <LogOut aria-hidden="true" />
            {t("auth:signOut")}
          </button>
        </form>
        {version && <p className="px-2 pt-1 text-xs text-muted-foreground">{t("version", { version })}</p>}
      </div>
    </details>
  );
}
