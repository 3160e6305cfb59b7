import DataLoader from 'dataloader';

/**
 * A lookup whose keys asked for while its previous batch is in flight go together in the next
 * one (DataLoader, with the next batch dispatched when the one in flight is done rather than on
 * the next tick). A lone key is looked up at once; under a burst the database answers one query
 * for many keys instead of one each. Nothing is cached: every key is read by a query that starts
 * after it was asked for, so a lookup never misses a write made before it.
 *
 * One loader per `source` (a database, or a transaction: keys of two never share a batch), made
 * on its first use, as `preparedPer` keeps a prepared query per database.
 */
export function batchedWhileBusy<S extends object, K, V>(
  load: (source: S, keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  maxBatchSize = 200,
): (source: S, key: K) => Promise<V> {
  const loaders = new WeakMap<S, DataLoader<K, V>>();
  const loaderOf = (source: S) => {
    let busy: Promise<unknown> | undefined;
    return new DataLoader<K, V>(
      (keys) => {
        const batch = load(source, keys);
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
  };
  return (source, key) => {
    let loader = loaders.get(source);
    if (!loader) {
      loader = loaderOf(source);
      loaders.set(source, loader);
    }
    return loader.load(key);
  };
}
