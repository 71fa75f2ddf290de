-- Search index for teachers, specials and courses (raw SQL that Prisma's schema cannot express).
--
-- Chinese has no spaces and the most common queries are two characters long (管理, 经济), which
-- FTS5's trigram tokenizer cannot match. So every text is stored as overlapping character bigrams
-- ("经济管理" -> "经济 济管 管理 理") in a contentless FTS5 table with the unicode61 tokenizer:
--   * a 2-character query is one token lookup,
--   * a longer query is a phrase of its bigrams ("领导力" -> "领导 导力"), i.e. a substring match,
--   * a 1-character query is a prefix query ("管"*) answered by the 1-character prefix index
--     (the last character of a text is stored alone, so every character starts some token).
-- Triggers keep the index in step with every writer (app, seed importer, sqlite shell), and only
-- fire when indexed columns change, so counting views never touches the index.
--
-- rowid = kind rank * 2^32 + id, with teacher 3 > special 2 > course 1: "newest first" within a
-- kind and "teachers, then specials, then courses" across kinds are both plain rowid order, and a
-- kind filter is a rowid range.

CREATE TABLE "SearchPosition" ("n" INTEGER NOT NULL PRIMARY KEY);
INSERT INTO "SearchPosition" ("n")
  WITH RECURSIVE "seq"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seq" WHERE "n" < 1000)
  SELECT "n" FROM "seq";

CREATE VIRTUAL TABLE "SearchIndex" USING fts5(
  "title", "body",
  tokenize = 'unicode61',
  prefix = '1',
  content = '',
  contentless_delete = 1
);

-- Teacher
CREATE TRIGGER "Teacher_search_insert" AFTER INSERT ON "Teacher" WHEN NEW."isPublished" BEGIN
  INSERT INTO "SearchIndex" ("rowid", "title", "body") VALUES (
    3 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."name", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."name")),
    (SELECT group_concat(substr(substr(NEW."title" || ' ' || NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."title" || ' ' || NEW."intro", 1, 1000))));
END;

CREATE TRIGGER "Teacher_search_update" AFTER UPDATE OF "name", "title", "intro", "isPublished" ON "Teacher" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 3 * 4294967296 + OLD."id";
  INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    3 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."name", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."name")),
    (SELECT group_concat(substr(substr(NEW."title" || ' ' || NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."title" || ' ' || NEW."intro", 1, 1000)))
  WHERE NEW."isPublished";
END;

CREATE TRIGGER "Teacher_search_delete" AFTER DELETE ON "Teacher" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 3 * 4294967296 + OLD."id";
END;

INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    3 * 4294967296 + "r"."id",
    (SELECT group_concat(substr("r"."name", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length("r"."name")),
    (SELECT group_concat(substr(substr("r"."title" || ' ' || "r"."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr("r"."title" || ' ' || "r"."intro", 1, 1000)))
  FROM "Teacher" AS "r" WHERE "r"."isPublished";

-- Special
CREATE TRIGGER "Special_search_insert" AFTER INSERT ON "Special" WHEN NEW."isPublished" BEGIN
  INSERT INTO "SearchIndex" ("rowid", "title", "body") VALUES (
    2 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."title")),
    (SELECT group_concat(substr(substr(NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."intro", 1, 1000))));
END;

CREATE TRIGGER "Special_search_update" AFTER UPDATE OF "title", "intro", "isPublished" ON "Special" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 2 * 4294967296 + OLD."id";
  INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    2 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."title")),
    (SELECT group_concat(substr(substr(NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."intro", 1, 1000)))
  WHERE NEW."isPublished";
END;

CREATE TRIGGER "Special_search_delete" AFTER DELETE ON "Special" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 2 * 4294967296 + OLD."id";
END;

INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    2 * 4294967296 + "r"."id",
    (SELECT group_concat(substr("r"."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length("r"."title")),
    (SELECT group_concat(substr(substr("r"."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr("r"."intro", 1, 1000)))
  FROM "Special" AS "r" WHERE "r"."isPublished";

-- Course
CREATE TRIGGER "Course_search_insert" AFTER INSERT ON "Course" WHEN NEW."isPublished" BEGIN
  INSERT INTO "SearchIndex" ("rowid", "title", "body") VALUES (
    1 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."title")),
    (SELECT group_concat(substr(substr(NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."intro", 1, 1000))));
END;

CREATE TRIGGER "Course_search_update" AFTER UPDATE OF "title", "intro", "isPublished" ON "Course" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 1 * 4294967296 + OLD."id";
  INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    1 * 4294967296 + NEW."id",
    (SELECT group_concat(substr(NEW."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(NEW."title")),
    (SELECT group_concat(substr(substr(NEW."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr(NEW."intro", 1, 1000)))
  WHERE NEW."isPublished";
END;

CREATE TRIGGER "Course_search_delete" AFTER DELETE ON "Course" BEGIN
  DELETE FROM "SearchIndex" WHERE "rowid" = 1 * 4294967296 + OLD."id";
END;

INSERT INTO "SearchIndex" ("rowid", "title", "body") SELECT
    1 * 4294967296 + "r"."id",
    (SELECT group_concat(substr("r"."title", "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length("r"."title")),
    (SELECT group_concat(substr(substr("r"."intro", 1, 1000), "n", 2), ' ') FROM "SearchPosition" WHERE "n" <= length(substr("r"."intro", 1, 1000)))
  FROM "Course" AS "r" WHERE "r"."isPublished";
