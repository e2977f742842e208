/**
 * Writes that arrive together go to the database together (group commit): a call joins the batch
 * being gathered and is answered when that batch's one write has run. Nothing waits on a timer:
 * a lone call is written at once, and calls that arrive while batches are being written form the
 * next one, so batches grow with the load and stay small when it is light.
 */
export interface Batcher<Item, Answer> {
  /** Queues one item; settles with its answer, or with the error its batch's write threw. */
  add(item: Item): Promise<Answer>;
  /** Resolves once every item added so far has been written (or has failed). */
  drain(): Promise<void>;
}

interface Waiting<Item, Answer> {
  item: Item;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export function createBatcher<Item, Answer>(
  /** Writes a batch in one go; answers one entry per item, in the items' order. */
  write: (items: Item[]) => Promise<Answer[]>,
  options: {
    /** The most items one write takes. */
    maxBatch: number;
    /** The most writes under way at once, each on a connection of its own. */
    concurrency: number;
  },
): Batcher<Item, Answer> {
  const queue: Waiting<Item, Answer>[] = [];
  const running = new Set<Promise<void>>();
  let scheduled = false;

  const writeBatch = async (batch: Waiting<Item, Answer>[]) => {
    try {
      const answers = await write(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(answers[index] as Answer);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  };

  const pump = () => {
    scheduled = false;
    while (queue.length > 0 && running.size < options.concurrency) {
      const batch = queue.splice(0, options.maxBatch);
      const written: Promise<void> = writeBatch(batch).finally(() => {
        running.delete(written);
        pump();
      });
      running.add(written);
    }
  };

  return {
    add(item) {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // The items of the same turn of the event loop join one batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    async drain() {
      while (queue.length > 0 || running.size > 0 || scheduled) {
        if (running.size > 0) await Promise.race(running);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
