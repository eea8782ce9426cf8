import { QUERY_LIMITS, type QueryError } from "~/core/query";
import { useTranslation } from "~/i18n/use-translation";

/** Why a query cannot be read, translated: where (1-based, as a person counts characters) and what stood there. */
export function useQueryErrorText(): (error: Pick<QueryError, "code" | "position" | "found">) => string {
  const { t } = useTranslation("common");
  return ({ code, position, found }) => {
    const key = code === "expected_term" && !found ? "expected_term_end" : code;
    const limit =
      code === "too_long" ? QUERY_LIMITS.length : code === "too_many_terms" ? QUERY_LIMITS.terms : QUERY_LIMITS.depth;
    return t(`query.errors.${key}`, { position: position + 1, found, limit });
  };
}
