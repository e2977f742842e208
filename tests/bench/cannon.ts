/**
 * autocannon in its own process, so the load it makes does not share the app's event loop: its
 * options come as JSON on stdin and its result goes as JSON to stdout. `rotate` lists headers the
 * requests take in turn across every connection, so no two connections ask as one agent at once.
 */
import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';

type Headers = Record<string, string>;

const autocannon = createRequire(import.meta.url)('autocannon');
const { rotate, ...options }: { rotate?: Headers[] } = JSON.parse(await text(process.stdin));
let next = 0;
const result = await autocannon({
  ...options,
  ...(rotate?.length && {
    requests: [
      {
        setupRequest: (request: { headers: Headers }) => {
          request.headers = { ...request.headers, ...rotate[next++ % rotate.length] };
          return request;
        },
      },
    ],
  }),
});
process.stdout.write(JSON.stringify(result));
