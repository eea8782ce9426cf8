-- ADR 063: the search column weights its halves, so a phrase or NEAR (looking at weights A and B) never reaches
-- from the folded half's last words into the Russian half's first ones, and `title:` reads the index (weight B).
-- search_fold composes the text first (NFC), as the matcher's foldWord does: a ў written as у + U+0306 folds to o.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN regexp_replace(
  normalize(
    translate(
      replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(lower(normalize(value, NFC)), '(^|[^а-яёўқғҳa-z0-9''`ʻʼ‘’´]|[аеёиоуўэюяыъь])е', '\1ye', 'g'),
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
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_fold(coalesce(title, ''))), 'B') || setweight(to_tsvector('simple', search_fold(coalesce(author, '') || ' ' || text)), 'A') || to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(author, '') || ' ' || text)) STORED;
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
