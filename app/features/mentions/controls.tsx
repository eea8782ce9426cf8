import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { HiddenLabel } from "~/ui/field";
import { MAX_TAG } from "./feed";

/** The feed's small controls, of a height with the buttons beside them. */
export const controlClass = "h-8 rounded-md border border-border bg-background px-2 text-sm";

/** A choice among `values`, its label for screen readers only. */
export function CompactSelect<T extends string>({
  id,
  name,
  label,
  values,
  optionLabel,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  values: readonly T[];
  optionLabel: (value: T) => string;
  defaultValue: T;
}) {
  return (
    <>
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
      <select id={id} name={name} className={controlClass} defaultValue={defaultValue}>
        {values.map((value) => (
          <option key={value} value={value}>
            {optionLabel(value)}
          </option>
        ))}
      </select>
    </>
  );
}

/** A tag to add to mentions, the tags in use offered from the datalist `list` as it is typed. */
export function TagInput({
  id,
  label,
  list,
  required,
  className,
}: {
  id: string;
  label: string;
  list: string;
  required?: boolean;
  className: string;
}) {
  const { t } = useTranslation("messages");
  return (
    <>
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
      <input
        id={id}
        name="tag"
        list={list}
        required={required}
        maxLength={MAX_TAG}
        placeholder={t("bulk.tagPlaceholder")}
        className={cn(controlClass, className)}
      />
    </>
  );
}
