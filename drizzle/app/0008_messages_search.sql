-- ADR 024: the feed's search. search_fold is the SQL twin of the matcher's foldWord (app/features/projects/
-- matcher.ts): lower case, Uzbek/Russian Cyrillic to Latin (е as "ye" at a word's start or after a vowel),
-- apostrophes dropped (oʻ ~ o), diacritics dropped. The search column indexes the folded words under `simple`
-- and the raw words under `russian` (its stems: банка ~ банк ~ банком).
CREATE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN regexp_replace(
  normalize(
    translate(
      replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(lower(value), '(^|[^а-яёўқғҳa-z0-9''`ʻʼ‘’´]|[аеёиоуўэюяыъь])е', '\1ye', 'g'),
        'ё', 'yo'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'щ', 'sh'), 'ю', 'yu'), 'я', 'ya'),
      'абвгдежзийклмнопрстуфхыэўқғҳъь''`ʻʼ‘’´',
      'abvgdejziyklmnoprstufxieoqgh'
    ),
    NFKD
  ),
  '[\u0300-\u036f]', '', 'g'
);
--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search";
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_fold(coalesce(title, '') || ' ' || coalesce(author, '') || ' ' || text)) || to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(author, '') || ' ' || text)) STORED;
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
--> statement-breakpoint
CREATE INDEX "messages_feed_idx" ON "messages" USING btree ("published_at","id");
--> statement-breakpoint
CREATE INDEX "messages_reach_idx" ON "messages" USING btree ("reach","published_at","id");
