import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/ui/data-table/url-form";
import { Dialog, SheetContent } from "~/ui/dialog";
import { PageHeader } from "~/ui/page-header";

/**
 * Where a task is created, edited or read: a sheet over the list with JavaScript (closing it goes back to
 * the list as it was), a page of its own without it (and in the server's first HTML).
 */
export function TaskPanel({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <>
        <PageHeader title={title} />
        <div className="max-w-2xl">{children}</div>
      </>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && void navigate(closeTo, { preventScrollReset: true })}>
      <SheetContent title={title}>{children}</SheetContent>
    </Dialog>
  );
}
