-- Story and chapter positions are 1..n without gaps or duplicates (issue 12, decision 023).
-- Existing rows are renumbered first, keeping their order (ties broken by age, then id); then the
-- database guarantees it. The constraints are DEFERRABLE INITIALLY DEFERRED so that a transaction
-- may shift many rows one by one and is checked once, at commit (drizzle's schema cannot say
-- "deferrable", so these constraints live here only; see src/server/db/schema.ts).
UPDATE "stories" AS s
SET "position" = ordered.n
FROM (
  SELECT "id", row_number() OVER (ORDER BY "position", "created_at", "id") AS n
  FROM "stories"
) AS ordered
WHERE s."id" = ordered."id" AND s."position" <> ordered.n;
--> statement-breakpoint
-- Per story: the chapters of the working copy first, then those removed from it that learners
-- still see until the next publish (decision 021), each group in its order.
UPDATE "chapters" AS c
SET "position" = ordered.n
FROM (
  SELECT
    "id",
    row_number() OVER (
      PARTITION BY "story_id"
      ORDER BY ("removed_at" IS NOT NULL), "position", "created_at", "id"
    ) AS n
  FROM "chapters"
) AS ordered
WHERE c."id" = ordered."id" AND c."position" <> ordered.n;
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_position_unique" UNIQUE ("position") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_story_position_unique" UNIQUE ("story_id", "position") DEFERRABLE INITIALLY DEFERRED;
