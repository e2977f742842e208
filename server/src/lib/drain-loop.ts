import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `takeBatch` until it takes less than a full batch: on `run()`, and every `pollMs` once
 * started. One run at a time in this process; calls while one waits share it.
 */
export function createDrainLoop(options: {
  takeBatch: () => Promise<number>;
  batch: number;
  pollMs: number;
  log: FastifyBaseLogger;
  failure: string;
}) {
  let running: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  function run(): Promise<void> {
    waiting ??= running = running.then(async () => {
      waiting = undefined;
      try {
        while ((await options.takeBatch()) === options.batch) {}
      } catch (error) {
        options.log.error({ err: error }, options.failure);
      }
    });
    return waiting;
  }

  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    run,
    get started() {
      return poll !== undefined;
    },
    start() {
      if (poll || stopped) return;
      poll = setInterval(() => void run(), options.pollMs);
      poll.unref();
      void run();
    },
    /** Stops polling and waits for the run under way. */
    async stop() {
      stopped = true;
      clearInterval(poll);
      poll = undefined;
      await running;
    },
  };
}
