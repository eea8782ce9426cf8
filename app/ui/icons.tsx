// Every icon the app shows: lucide's drawings, gathered in one sprite (icons.svg, made by `npm run icons`
// from the list below) that the browser fetches once and caches. A page then carries a two-element <svg>
// per icon instead of each drawing, which is less markup to render on the server and to send, and no
// drawings in the JavaScript (ADR 037). To add an icon: add its line (lucide's name), run `npm run icons`.
import type { ReactElement, SVGProps } from "react";
import { cn } from "./cn";
import sprite from "./icons.svg?url";

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactElement;

function icon(name: string): IconComponent {
  // biome-ignore lint/correctness/noComponentHookFactories: a factory run once per icon, at module level
  const Icon = ({ className, ...props }: IconProps) => (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative unless the caller names it (aria-label, role)
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={Object.keys(props).some((key) => key.startsWith("aria-") || key === "role") ? undefined : true}
      {...props}
      className={cn("lucide", className)}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
  return Icon;
}

export const Archive = icon("archive");
export const ArchiveRestore = icon("archive-restore");
export const ArrowDown = icon("arrow-down");
export const ArrowDownRight = icon("arrow-down-right");
export const ArrowDownUp = icon("arrow-down-up");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const ArrowUp = icon("arrow-up");
export const ArrowUpDown = icon("arrow-up-down");
export const ArrowUpRight = icon("arrow-up-right");
export const Bell = icon("bell");
export const BellOff = icon("bell-off");
export const BellRing = icon("bell-ring");
export const BookOpen = icon("book-open");
export const Bot = icon("bot");
export const CalendarClock = icon("calendar-clock");
export const CalendarRange = icon("calendar-range");
export const ChartLine = icon("chart-line");
export const Check = icon("check");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const ChevronsLeft = icon("chevrons-left");
export const ChevronsRight = icon("chevrons-right");
export const ChevronsUpDown = icon("chevrons-up-down");
export const Circle = icon("circle");
export const CircleAlert = icon("circle-alert");
export const CircleCheck = icon("circle-check");
export const CircleDashed = icon("circle-dashed");
export const CircleDot = icon("circle-dot");
export const CircleHelp = icon("circle-help");
export const CircleMinus = icon("circle-minus");
export const CirclePause = icon("circle-pause");
export const CirclePlay = icon("circle-play");
export const CirclePlus = icon("circle-plus");
export const CircleSlash = icon("circle-slash");
export const Clock = icon("clock");
export const Download = icon("download");
export const Eye = icon("eye");
export const FileDown = icon("file-down");
export const FilePlus = icon("file-plus");
export const FileText = icon("file-text");
export const FileUp = icon("file-up");
export const FolderKanban = icon("folder-kanban");
export const FolderOpen = icon("folder-open");
export const FolderPlus = icon("folder-plus");
export const Frown = icon("frown");
export const Globe = icon("globe");
export const GripVertical = icon("grip-vertical");
export const Inbox = icon("inbox");
export const KanbanSquare = icon("kanban-square");
export const KeyRound = icon("key-round");
export const Keyboard = icon("keyboard");
export const Languages = icon("languages");
export const Layers = icon("layers");
export const LayoutDashboard = icon("layout-dashboard");
export const LayoutGrid = icon("layout-grid");
export const LifeBuoy = icon("life-buoy");
export const Lightbulb = icon("lightbulb");
export const ListChecks = icon("list-checks");
export const ListTodo = icon("list-todo");
export const LoaderCircle = icon("loader-circle");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MailOpen = icon("mail-open");
export const Meh = icon("meh");
export const Menu = icon("menu");
export const MessageSquarePlus = icon("message-square-plus");
export const MessageSquareText = icon("message-square-text");
export const MessagesSquare = icon("messages-square");
export const Monitor = icon("monitor");
export const Moon = icon("moon");
export const Palette = icon("palette");
export const PanelLeftClose = icon("panel-left-close");
export const PanelLeftOpen = icon("panel-left-open");
export const Pause = icon("pause");
export const Pencil = icon("pencil");
export const Play = icon("play");
export const Plug = icon("plug");
export const Plus = icon("plus");
export const Printer = icon("printer");
export const Radar = icon("radar");
export const Radio = icon("radio");
export const RefreshCw = icon("refresh-cw");
export const RotateCcw = icon("rotate-ccw");
export const Rss = icon("rss");
export const Search = icon("search");
export const SearchX = icon("search-x");
export const Send = icon("send");
export const Settings = icon("settings");
export const Settings2 = icon("settings-2");
export const Sheet = icon("sheet");
export const Siren = icon("siren");
export const Smile = icon("smile");
export const Star = icon("star");
export const Sun = icon("sun");
export const Table2 = icon("table-2");
export const Tag = icon("tag");
export const Trash2 = icon("trash-2");
export const TriangleAlert = icon("triangle-alert");
export const Upload = icon("upload");
export const User = icon("user");
export const UserCog = icon("user-cog");
export const UserMinus = icon("user-minus");
export const UserPlus = icon("user-plus");
export const UserRound = icon("user-round");
export const Users = icon("users");
export const X = icon("x");
