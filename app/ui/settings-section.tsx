import type { ReactNode } from "react";

/** A titled section of a settings page. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** The anchor a no-JavaScript save comes back to. */
  id?: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="flex scroll-mt-20 flex-col gap-4 border-b border-border pb-8 last:border-b-0">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * Inside a settings form: only without JavaScript (a <noscript> field is not submitted when scripts
 * run) the save comes back to the section's anchor; a fetcher keeps the scroll position instead.
 */
export function BackToSection() {
  return (
    <noscript>
      <input type="hidden" name="backToSection" value="1" />
    </noscript>
  );
}
