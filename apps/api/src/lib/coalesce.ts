/**
 * Reads of one kind asked for while earlier ones are on their way go to the database together: ONE
 * statement (one round trip, one bind/execute, one socket write each way) answers every call of the
 * batch. Under load that is most of what a read costs on a small machine (a socket write is ≈ 0.2 ms
 * of CPU here, the same as the HTTP answer's own); an idle process sends each call alone, at once.
 *
 * Freshness is that of a read made for the call alone: a call only ever joins a batch that has not
 * been sent yet, so its statement starts after the call was made and sees every commit before it
 * (a payment shows on the very next call). One call's bad input must not fail the others': when a
 * batch fails, each of its calls is read again alone (`readMany([key])`) and gets its own answer or
 * its own error, as without coalescing.
 *
 * `readMany(keys)` answers one value per key, in the order asked. At most `inFlight` batches of the
 * kind are out at once (the others wait for one to come back, gathering more calls meanwhile); a batch
 * holds at most `max` calls.
 */
export function coalesce<K, V>(
  readMany: (keys: K[]) => Promise<V[]>,
  { inFlight = 2, max = 256 }: { inFlight?: number; max?: number } = {},
): (key: K) => Promise<V> {
  type Call = { key: K; resolve: (v: V) => void; reject: (e: unknown) => void };
  let waiting: Call[] = [];
  let out = 0;
  let scheduled = false;

  const send = (batch: Call[]) => {
    out += 1;
    let answered: Promise<V[]>;
    try {
      answered = readMany(batch.map((c) => c.key));
    } catch (err) {
      answered = Promise.reject(err);
    }
    answered
      .then(
        (values) => {
          for (let k = 0; k < batch.length; k++) batch[k].resolve(values[k]);
        },
        (err) => {
          if (batch.length === 1) batch[0].reject(err);
          else for (const c of batch) alone(c);
        },
      )
      .finally(() => {
        out -= 1;
        if (waiting.length) schedule();
      });
  };
  const alone = (c: Call) => {
    Promise.resolve()
      .then(() => readMany([c.key]))
      .then((values) => c.resolve(values[0]), c.reject);
  };
  const flush = () => {
    scheduled = false;
    while (waiting.length && out < inFlight) {
      const batch = waiting.length <= max ? waiting : waiting.slice(0, max);
      waiting = batch === waiting ? [] : waiting.slice(max);
      send(batch);
    }
  };
  // The calls of one turn of the event loop (every request read from the sockets in it) go together.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      schedule();
    });
}
