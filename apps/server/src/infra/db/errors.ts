/** A unique index refused the row (PostgreSQL 23505; drizzle may wrap the driver's error in `cause`). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};
