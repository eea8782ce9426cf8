import { z } from "zod";
import { LANGUAGES } from "~/i18n/config";
import { freeText } from "~/lib/form-rules";

/** One term per line or comma; trimmed, empty ones dropped, duplicates (ignoring case) removed. */
const termList = (max: number) =>
  freeText({ multiline: true })
    .optional()
    .transform((value) => {
      const seen = new Set<string>();
      const terms: string[] = [];
      for (const raw of (value ?? "").split(/[\n,]/)) {
        const term = raw.trim().replace(/\s+/g, " ");
        if (term && !seen.has(term.toLowerCase())) {
          seen.add(term.toLowerCase());
          terms.push(term);
        }
      }
      return terms;
    })
    .pipe(
      z
        .array(z.string().max(100, { error: "projects:errors.termTooLong" }))
        .max(max, { error: "projects:errors.tooManyTerms" }),
    );

export const projectSchema = z.object({
  name: freeText().min(1, { error: "projects:errors.nameRequired" }).max(80, { error: "projects:errors.nameTooLong" }),
  description: freeText({ multiline: true })
    .max(500, { error: "projects:errors.descriptionTooLong" })
    .optional()
    .transform((v) => v || null),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "projects:errors.colorInvalid" })
    .transform((v) => v.toLowerCase()),
  keywords: termList(50).pipe(z.array(z.string()).min(1, { error: "projects:errors.keywordsRequired" })),
  requiredWords: termList(20),
  excludedWords: termList(50),
  languages: z
    .union([z.enum(LANGUAGES), z.array(z.enum(LANGUAGES))], { error: "projects:errors.languageInvalid" })
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])]),
  competitorIds: z
    .union([z.uuid(), z.array(z.uuid())], { error: "projects:errors.competitorInvalid" })
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])]),
});

export type ProjectInput = z.output<typeof projectSchema>;

/** The rules alone, for a preview: a project's name or colour does not change what it matches. */
export const rulesSchema = projectSchema.pick({
  keywords: true,
  requiredWords: true,
  excludedWords: true,
  languages: true,
});

export type RulesInput = z.output<typeof rulesSchema>;

/** Deleting takes the project's name typed again; without it the server refuses. */
export function deleteSchema(name: string) {
  return z.object({
    confirm: z
      .string()
      .trim()
      .refine((typed) => typed === name, { error: "projects:errors.confirmName" }),
  });
}
