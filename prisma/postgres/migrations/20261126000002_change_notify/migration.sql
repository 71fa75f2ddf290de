-- Cache freshness across processes (server/data/sql/postgres-changes.ts): a committed change that
-- cached answers depend on sends pg_notify('portal_changes', '<table>|<application_name>'); every
-- process LISTENs and drops what the change affects. PostgreSQL delivers notifications at commit
-- and folds identical ones within a transaction, so a statement costs one notification at most.
-- Statement-level triggers: a bulk write notifies once. Rows pages never show (rate limits, codes,
-- captchas, leases, audit, uploads, DailyView...) have no trigger, so their writes stay cheap.

CREATE FUNCTION "portal_notify_change"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME || '|' || current_setting('application_name'));
  RETURN NULL;
END
$$;

-- Content: any write drops every cached public answer. Counting views (UPDATE of "views" alone,
-- several times a second) is left out: counters in cached lists may lag a minute (server/lib/cache.ts).
DO $$
DECLARE
  "content" TEXT[] := ARRAY['TeacherCategory', 'Teacher', 'TeacherVideo', 'CourseCategory', 'Course', 'SpecialCategory',
    'Special', 'Tag', 'TeacherTag', 'CourseTag', 'SpecialTag', 'SpecialCourse', 'Banner', 'CourseNotice', 'Activity',
    'Viewpoint', 'Question', 'CooperationType', 'Cooperation', 'Partner', 'FriendLink', 'SiteSetting', 'MenuSeo', 'AboutPage'];
  "viewed" TEXT[] := ARRAY['Teacher', 'Course', 'Special', 'Activity', 'Viewpoint', 'CourseNotice', 'Question', 'Cooperation', 'TeacherVideo'];
  "t" TEXT;
BEGIN
  FOREACH "t" IN ARRAY "content" LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change()', "t" || '_notify_write', "t");
    IF "t" = ANY ("viewed") THEN
      -- Row level, so columns added later count too; the notifications of one statement fold into one.
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW WHEN ((to_jsonb(OLD) - ''views'') IS DISTINCT FROM (to_jsonb(NEW) - ''views'')) EXECUTE FUNCTION portal_notify_change()', "t" || '_notify_update', "t");
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change()', "t" || '_notify_update', "t");
    END IF;
  END LOOP;
END
$$;

-- The member records behind tokens (role, token version, deletion, disabling) and signed-out tokens:
-- another process must stop accepting a token at once, whoever changed the row.
CREATE TRIGGER "Member_notify_update" AFTER UPDATE OF "id", "memberNo", "role", "tokenVersion", "deletedAt", "disabledAt" ON "Member"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
CREATE TRIGGER "Member_notify_delete" AFTER DELETE ON "Member" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
CREATE TRIGGER "RevokedToken_notify_write" AFTER INSERT OR DELETE OR UPDATE ON "RevokedToken" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
