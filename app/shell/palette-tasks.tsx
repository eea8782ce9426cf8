import { Command } from "cmdk";
import { useTranslation } from "~/i18n/use-translation";
import { ListTodo, Plus } from "~/ui/icons";
import { type PaletteTasksAnswer, usePaletteSearch } from "./palette-search";

/**
 * The palette's tasks: "New task" for those who may create one, and the tasks whose title has what is
 * typed (asked for after a pause in typing), shown whatever cmdk's own filter thinks of them.
 */
export function PaletteTasks({ query, onOpen }: { query: string; onOpen: (to: string) => void }) {
  const { t } = useTranslation("tasks");
  const { searching, data } = usePaletteSearch<PaletteTasksAnswer>("/tasks/palette", query, true);
  const found = searching ? (data?.tasks ?? []) : [];
  if (!data?.canCreate && found.length === 0) return null;
  return (
    <Command.Group heading={t("palette.heading")}>
      {data?.canCreate && (
        <Command.Item value={`task new ${t("new")}`} onSelect={() => onOpen("/tasks/new")}>
          <Plus aria-hidden="true" />
          {t("new")}
        </Command.Item>
      )}
      {found.map((task) => (
        <Command.Item key={task.id} value={`task ${task.id}`} forceMount onSelect={() => onOpen(`/tasks/${task.id}`)}>
          <ListTodo aria-hidden="true" />
          <span className="truncate" data-user-content>
            {task.title}
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  );
}
