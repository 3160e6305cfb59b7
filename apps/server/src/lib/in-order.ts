/**
 * Runs tasks of one key one after another (a Telegram chat's messages: the second question is
 * answered after the first), tasks of different keys at once. In this process only; a failed
 * task does not stop the next one. Written here: a promise chain per key is all it takes.
 */
const chains = new Map<string, Promise<unknown>>();

export function scheduled<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  chains.set(key, next);
  const forget = () => {
    if (chains.get(key) === next) chains.delete(key);
  };
  next.then(forget, forget);
  return next;
}
