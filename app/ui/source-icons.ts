import { Globe, type IconComponent, Plug, Rss, Send, User } from "./icons";

// Plug, User and Rss are the shell's own icons already: no bytes more on the overview's budget.
const SOURCE_ICONS: Record<string, IconComponent> = {
  rss: Rss,
  atom: Rss,
  telegram: Send,
  website: Globe,
  webhook: Plug,
  manual: User,
};

/** A source type's icon; an unknown type is a web page. */
export const sourceIcon = (type: string): IconComponent => SOURCE_ICONS[type] ?? Globe;
