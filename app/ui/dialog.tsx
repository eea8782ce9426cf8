import {
  type ComponentProps,
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useRef,
  useState,
} from "react";
import type { DialogContentProps } from "./dialog-modal";

// The dialog itself is Radix's (focus trap, Escape, scroll lock, the ARIA): ~12 KB of JavaScript that a page
// loads when one of its dialogs first opens, not with the page (docs/decisions/013).
const Modal = lazy(() => import("./dialog-modal"));

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The trigger, which gets the focus back when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error("a dialog's parts belong inside <Dialog>");
  return state;
}

/** A dialog's state: open or not (`open` and `onOpenChange` when the caller keeps it), for its parts below. */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return <DialogContext value={{ open: open ?? ownOpen, setOpen, trigger }}>{children}</DialogContext>;
}

/** The button that opens the dialog. */
export function DialogTrigger({ className, children }: { className?: string; children: ReactNode }) {
  const { open, setOpen, trigger } = useDialog();
  return (
    <button
      ref={trigger}
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      onClick={() => setOpen(true)}
    >
      {children}
    </button>
  );
}

/** A button inside the dialog that closes it. */
export function DialogClose({ onClick, ...props }: ComponentProps<"button">) {
  const { setOpen } = useDialog();
  return (
    <button
      type="button"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        setOpen(false);
      }}
    />
  );
}

/** The dialog itself (or a sheet with `side`): title, optional description, a close button, content. */
export function DialogContent(props: DialogContentProps) {
  const { open, setOpen, trigger } = useDialog();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // Nothing to load before it first opens; from then on Radix keeps it, and closes it as it opens it.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
    </Suspense>
  );
}

/** A dialog sliding in from the side. */
export function SheetContent(props: Omit<DialogContentProps, "side"> & { side?: "left" | "right" }) {
  return <DialogContent side="right" {...props} />;
}
