import { sourceIcon } from "./source-icons";

/** Where a mention in a list comes from: its source's type icon (named for screen readers), name and author. */
export function MentionSource({
  type,
  typeLabel,
  source,
  author,
}: {
  type: string;
  typeLabel: string;
  source: string;
  author: string | null;
}) {
  const Icon = sourceIcon(type);
  return (
    <>
      <span className="flex min-w-0 items-center gap-1 font-medium text-foreground">
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">{typeLabel}:</span>
        <span data-user-content className="truncate">
          {source}
        </span>
      </span>
      {author && (
        <span data-user-content className="truncate">
          {author}
        </span>
      )}
    </>
  );
}
