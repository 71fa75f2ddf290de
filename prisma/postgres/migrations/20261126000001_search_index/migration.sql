-- Search index for teachers, specials and courses on PostgreSQL: the same rules as SQLite's FTS5
-- bigram index (prisma/migrations/20261121000001_search_index), with plain tables and GIN.
--
-- Every text is folded to lower case and stored with the set of its characters and character
-- bigrams ("经济管理" -> 经, 济, 管, 理, 经济, 济管, 管理) in a text[] column under a GIN index:
--   * a 1- or 2-character query is one array-containment lookup, exact by itself,
--   * a longer query looks up all its bigrams, then checks the run occurs whole (strpos) in the
--     few rows found (server/data/sql/postgres.ts).
-- pg_trgm is not used: it needs 3 characters to use its index (most queries here have 1 or 2) and,
-- depending on the database's locale, drops CJK characters as "non-alphanumeric".
-- Triggers keep the index in step with every writer (app, seed, psql), and only fire when indexed
-- columns change, so counting views never touches the index.
--
-- rowid = kind rank * 2^32 + id, with teacher 3 > special 2 > course 1: "newest first" within a kind
-- and "teachers, then specials, then courses" across kinds are both rowid order, a kind a range.

CREATE TABLE "SearchIndex" (
  "rowid" BIGINT NOT NULL PRIMARY KEY,
  "title" TEXT NOT NULL,
  "body" TEXT NOT NULL,
  "titleGrams" TEXT[] NOT NULL,
  "grams" TEXT[] NOT NULL
);
CREATE INDEX "SearchIndex_titleGrams_idx" ON "SearchIndex" USING gin ("titleGrams");
CREATE INDEX "SearchIndex_grams_idx" ON "SearchIndex" USING gin ("grams");

-- Every character and every pair of neighbouring characters of `t` (already folded), once each.
CREATE FUNCTION "search_grams"(t TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT "g"), '{}') FROM (
    SELECT substr(t, "n", 1) AS "g" FROM generate_series(1, length(t)) AS "n"
    UNION ALL
    SELECT substr(t, "n", 2) FROM generate_series(1, length(t) - 1) AS "n"
  ) AS "grams"
$$;

-- Writes one row's index entry: title and body folded, body cut at 1,000 characters as on SQLite.
CREATE FUNCTION "search_index_put"(rowid BIGINT, title TEXT, body TEXT) RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO "SearchIndex" ("rowid", "title", "body", "titleGrams", "grams")
  SELECT rowid, "t", "b", search_grams("t"), search_grams("t") || search_grams("b")
  FROM (SELECT lower(title) AS "t", lower(left(body, 1000)) AS "b") AS "folded"
  ON CONFLICT ("rowid") DO UPDATE SET "title" = excluded."title", "body" = excluded."body",
    "titleGrams" = excluded."titleGrams", "grams" = excluded."grams"
$$;

-- One trigger function for the three tables: TG_ARGV[0] is the kind rank.
CREATE FUNCTION "search_index_sync"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  "base" BIGINT := TG_ARGV[0]::BIGINT * 4294967296;
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NOT NEW."isPublished") THEN
    DELETE FROM "SearchIndex" WHERE "rowid" = "base" + OLD."id";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."id" <> NEW."id" THEN
    DELETE FROM "SearchIndex" WHERE "rowid" = "base" + OLD."id";
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

CREATE TRIGGER "Teacher_search" AFTER INSERT OR DELETE OR UPDATE OF "id", "name", "title", "intro", "isPublished" ON "Teacher"
  FOR EACH ROW EXECUTE FUNCTION search_index_sync('3');
CREATE TRIGGER "Special_search" AFTER INSERT OR DELETE OR UPDATE OF "id", "title", "intro", "isPublished" ON "Special"
  FOR EACH ROW EXECUTE FUNCTION search_index_sync('2');
CREATE TRIGGER "Course_search" AFTER INSERT OR DELETE OR UPDATE OF "id", "title", "intro", "isPublished" ON "Course"
  FOR EACH ROW EXECUTE FUNCTION search_index_sync('1');

SELECT search_index_put(3 * 4294967296 + "id", "name", "title" || ' ' || "intro") FROM "Teacher" WHERE "isPublished";
SELECT search_index_put(2 * 4294967296 + "id", "title", "intro") FROM "Special" WHERE "isPublished";
SELECT search_index_put(1 * 4294967296 + "id", "title", "intro") FROM "Course" WHERE "isPublished";
