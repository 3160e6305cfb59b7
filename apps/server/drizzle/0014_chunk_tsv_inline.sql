-- A passage's tsvector (about 1.5 KB for 700 characters, and pglz hardly shrinks it) is read for
-- every candidate the ranking scores (its term frequencies). Stored out of line, each read was a
-- TOAST index lookup and a second page; kept in the row it is read with the row (10,000 passages:
-- the ranking 7.2 ms instead of 9.1). MAIN still moves it out of line when a row would not fit a
-- page; the passage's text, read only for the few passages returned, goes out of line instead.
-- Rows indexed before this keep their storage until their file is indexed again.
ALTER TABLE "knowledge_chunks" ALTER COLUMN "tsv" SET STORAGE MAIN;
