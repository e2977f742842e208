import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` once the app is ready and then every `everyMs`, one run at a time, in every
 * replica, until the app closes; the database closes after the app, so a run under way finishes.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
): void {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(work)
      .then((done) => app.log.info({ done }, `${name} done`))
      .catch((error) => app.log.error({ err: error }, `${name} failed`));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
