import type { ReactNode } from "react";
import { useNavigate, useOutletContext } from "react-router";
import { Dialog, SheetContent } from "~/ui/dialog";
import { PageHeader } from "~/ui/page-header";

/** What the tasks list tells the task it shows: whether it is a page of its own or a sheet over the list. */
export type TaskOutletContext = { asPage: boolean };

/**
 * Where a task is created, edited or read: a sheet over the list when opened from it with JavaScript
 * (closing it goes back to the list as it was), else a page of its own.
 */
export function TaskPanel({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const { asPage } = useOutletContext<TaskOutletContext>();
  const navigate = useNavigate();
  if (asPage) {
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
