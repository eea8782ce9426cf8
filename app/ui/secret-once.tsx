import { KeyRound } from "~/ui/icons";

/** A secret just made (a webhook's signing key): shown this once, never again (only its hash is kept). */
export function SecretOnce({ title, text, secret }: { title: string; text: string; secret: string }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-warning/50 bg-warning/10 p-4">
      <p className="flex items-center gap-2 font-medium">
        <KeyRound aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <p className="text-sm">{text}</p>
      {/* One click selects it all (user-select: all), with or without JavaScript. */}
      <code className="block rounded-md border border-border bg-background px-3 py-2 font-mono text-sm break-all select-all">
        {secret}
      </code>
    </div>
  );
}
