import {
  Bell,
  Bot,
  ChartLine,
  FileText,
  FolderKanban,
  type IconComponent,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  MessagesSquare,
  Palette,
  Plug,
  Rss,
  Settings,
  User,
  UserCog,
  Users,
} from "~/ui/icons";

export interface NavItem {
  /** Translation key in the `navigation` namespace. */
  key: string;
  to: string;
  icon: IconComponent;
  /** Active only on exactly this URL, not on the pages below it. */
  end?: boolean;
  disabled?: boolean;
  children?: NavItem[];
}

export interface NavGroup {
  key: "workspace" | "tools" | "other";
  items: NavItem[];
}

/** The sidebar's three groups (SPEC §2); the command palette lists the same items. */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: "workspace",
    items: [
      { key: "overview", to: "/", icon: LayoutDashboard, end: true },
      { key: "analytics", to: "/analytics", icon: ChartLine },
      { key: "sources", to: "/sources", icon: Rss },
      { key: "messages", to: "/messages", icon: MessagesSquare },
      { key: "reports", to: "/reports", icon: FileText },
      { key: "projects", to: "/projects", icon: FolderKanban },
      { key: "tasks", to: "/tasks", icon: ListTodo },
    ],
  },
  {
    key: "tools",
    items: [
      { key: "aiAssistant", to: "/ai-assistant", icon: Bot },
      { key: "integrations", to: "/integrations", icon: Plug, disabled: true },
    ],
  },
  {
    key: "other",
    items: [
      {
        key: "settings",
        to: "/settings",
        icon: Settings,
        children: [
          { key: "profile", to: "/settings", icon: User, end: true },
          { key: "account", to: "/settings/account", icon: UserCog },
          { key: "appearance", to: "/settings/appearance", icon: Palette },
          { key: "notifications", to: "/settings/notifications", icon: Bell },
          { key: "users", to: "/users", icon: Users },
        ],
      },
      { key: "helpCenter", to: "/help-center", icon: LifeBuoy },
    ],
  },
];

/** Every navigable item once, flattened (a group's own link is its first child). */
export function flatNavItems(group: NavGroup): NavItem[] {
  return group.items.flatMap((item) => item.children ?? [item]);
}
