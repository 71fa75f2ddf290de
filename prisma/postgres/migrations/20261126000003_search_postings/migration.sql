-- Search index on PostgreSQL, second form: a postings table (gram, rowid) under a btree instead of
-- gram arrays under GIN (20261126000001_search_index). Same texts, grams and rowids, same answers.
--
-- Why: results are rowid order with a LIMIT. GIN returns its matches unordered, so a common gram
-- meant either reading every match or walking the rows newest-first and unpacking each row's
-- arrays (p99 112 ms over 50,000 courses). A btree on (gram, rowid) reads one gram's rows
-- newest-first from the index alone, and several grams are intersected by merge joins that stop
-- as soon as the page limit is reached (server/data/sql/postgres.ts searchIndexIds).
--
--   "SearchIndex"   rowid, title, body: the folded texts, for the whole-run check (strpos) of runs
--                   the postings alone cannot prove (3+ characters) and for removing a row's postings.
--   "SearchPosting" (gram, rowid) for every character and character bigram of the title or body,
--                   "inTitle" when the gram occurs in the title; a partial index serves title-only
--                   searches.
-- A row's postings are found again from its stored texts (gram = ANY(old grams) AND rowid = x, the
-- primary key), so no second index on rowid is needed.

DROP TABLE "SearchIndex";
DROP FUNCTION "search_index_put"(BIGINT, TEXT, TEXT);

CREATE TABLE "SearchIndex" (
  "rowid" BIGINT NOT NULL PRIMARY KEY,
  "title" TEXT NOT NULL,
  "body" TEXT NOT NULL
);

CREATE TABLE "SearchPosting" (
  "gram" TEXT NOT NULL,
  "rowid" BIGINT NOT NULL,
  "inTitle" BOOLEAN NOT NULL,
  PRIMARY KEY ("gram", "rowid")
);
CREATE INDEX "SearchPosting_title_idx" ON "SearchPosting" ("gram", "rowid") WHERE "inTitle";
-- Thousands of distinct grams: a longer list of common values gives the planner each common
-- gram's real frequency, which decides the join order.
ALTER TABLE "SearchPosting" ALTER COLUMN "gram" SET STATISTICS 1000;

-- Removes one row's entry: its postings by the grams of its stored texts, then the texts.
CREATE FUNCTION "search_index_remove"(id BIGINT) RETURNS VOID LANGUAGE sql AS $$
  DELETE FROM "SearchPosting" AS "p" USING "SearchIndex" AS "s"
    WHERE "s"."rowid" = id AND "p"."rowid" = id AND "p"."gram" = ANY (search_grams("s"."title") || search_grams("s"."body"));
  DELETE FROM "SearchIndex" WHERE "rowid" = id;
$$;

-- Writes one row's entry: title and body folded, body cut at 1,000 characters as on SQLite.
CREATE FUNCTION "search_index_put"(id BIGINT, title TEXT, body TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  "t" TEXT := lower(title);
  "b" TEXT := lower(left(body, 1000));
BEGIN
  IF EXISTS (SELECT 1 FROM "SearchIndex" AS "s" WHERE "s"."rowid" = id AND "s"."title" = "t" AND "s"."body" = "b") THEN
    RETURN;
  END IF;
  PERFORM search_index_remove(id);
  INSERT INTO "SearchIndex" ("rowid", "title", "body") VALUES (id, "t", "b");
  INSERT INTO "SearchPosting" ("gram", "rowid", "inTitle")
    SELECT "g", id, bool_or("isTitle") FROM (
      SELECT unnest(search_grams("t")) AS "g", TRUE AS "isTitle"
      UNION ALL
      SELECT unnest(search_grams("b")), FALSE
    ) AS "grams" GROUP BY "g";
END
$$;

-- One trigger function for the three tables (the triggers of 20261126000001 call it): TG_ARGV[0]
-- is the kind rank.
CREATE OR REPLACE FUNCTION "search_index_sync"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  "base" BIGINT := TG_ARGV[0]::BIGINT * 4294967296;
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (NOT NEW."isPublished" OR OLD."id" <> NEW."id")) THEN
    PERFORM search_index_remove("base" + OLD."id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."isPublished" THEN
    IF TG_TABLE_NAME = 'Teacher' THEN
      PERFORM search_index_put("base" + NEW."id", NEW."name", NEW."title" || ' ' || NEW."intro");
    ELSE
      PERFORM search_index_put("base" + NEW."id", NEW."title", NEW."intro");
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Backfill, set-based (one pass per table rather than one call per row).
INSERT INTO "SearchIndex" ("rowid", "title", "body")
  SELECT 3 * 4294967296 + "id", lower("name"), lower(left("title" || ' ' || "intro", 1000)) FROM "Teacher" WHERE "isPublished"
  UNION ALL
  SELECT 2 * 4294967296 + "id", lower("title"), lower(left("intro", 1000)) FROM "Special" WHERE "isPublished"
  UNION ALL
  SELECT 1 * 4294967296 + "id", lower("title"), lower(left("intro", 1000)) FROM "Course" WHERE "isPublished";
INSERT INTO "SearchPosting" ("gram", "rowid", "inTitle")
  SELECT "g", "rowid", bool_or("isTitle") FROM (
    SELECT "rowid", unnest(search_grams("title")) AS "g", TRUE AS "isTitle" FROM "SearchIndex"
    UNION ALL
    SELECT "rowid", unnest(search_grams("body")), FALSE FROM "SearchIndex"
  ) AS "grams" GROUP BY "g", "rowid";
ANALYZE "SearchIndex";
ANALYZE "SearchPosting";
