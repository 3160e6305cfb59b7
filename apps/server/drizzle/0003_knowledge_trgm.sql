-- Trigram indexes of the knowledge base need pg_trgm; both PGlite and PostgreSQL ship it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
