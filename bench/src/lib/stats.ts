/** The p-th percentile (nearest rank) of the measurements. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

export const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
