-- A file's alt text shows on public pages (Index/mediaAlts): its change tells the other processes to drop
-- their kept public answers, like a content write (20261126000002_change_notify).
CREATE TRIGGER "Upload_notify_alt" AFTER UPDATE OF "alt" ON "Upload" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
