import DataLoader from 'dataloader';

/**
 * A lookup whose keys asked for while its previous batch is in flight go together in the next
 * one (DataLoader, with the next batch dispatched when the one in flight is done rather than on
 * the next tick). A lone key is looked up at once; under a burst the database answers one query
 * for many keys instead of one each. Nothing is cached: every key is read by a query that starts
 * after it was asked for, so a lookup never misses a write made before it.
 */
export function batchedWhileBusy<K, V>(
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = 200,
): (key: K) => Promise<V> {
  let busy: Promise<unknown> | undefined;
  const loader = new DataLoader<K, V>(
    (keys) => {
      const batch = load(keys);
      const done = batch.then(
        () => undefined,
        () => undefined,
      );
      busy = done;
      void done.then(() => {
        if (busy === done) busy = undefined;
      });
      return batch;
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        if (busy) void busy.then(dispatch);
        else process.nextTick(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
