/**
 * The chat bench's visitors, in their own process so their sockets weigh nothing in the app's
 * memory. Told a brief, it opens a socket per conversation token and signs each in; told `send`,
 * it keeps `inFlight` messages on their way for the brief's seconds, each from the next socket in
 * turn and the next one sent on its echo (the fan-out's delivery back to the socket), and reports
 * messages a second and the time from sending to delivery.
 */
import { CHAT_RATE_LIMIT } from '../../packages/contract/src/chat';
import { type ChatFrame, connectChatVisitor } from '../support/chat-visitor';

export interface VisitorsBrief {
  baseUrl: string;
  origin: string;
  tokens: string[];
  seconds: number;
  /** Messages on their way at once, each from the next socket in turn. */
  inFlight: number;
}

export interface VisitorsOpened {
  sockets: number;
  seconds: number;
}

export interface VisitorsSent {
  messages: number;
  seconds: number;
  latencyMs: { p50: number; p99: number };
  /** Error frames answered instead of an echo. */
  errors: number;
}

/** Sockets signing in at once, well inside the listen backlog. */
const OPENING_AT_ONCE = 50;
/**
 * At most 16 sends in any 10 s: the limit's 20 frames leave room for the sign-in frame and for
 * frames the server reads late, close behind the next.
 */
const SEND_GAP_MS = CHAT_RATE_LIMIT.windowMs / (CHAT_RATE_LIMIT.frames - 4);

const report = (message: VisitorsOpened | VisitorsSent) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in visitor whose `say` resolves with the message's echo, or with the error frame sent instead. */
async function openVisitor(brief: VisitorsBrief, token: string) {
  let waiting: { clientId: string; answer(frame: ChatFrame): void } | undefined;
  const visitor = await connectChatVisitor(brief.baseUrl, token, brief.origin, (frame) => {
    if (frame.cmd === 'error' || (frame.cmd === 'msg' && frame.client_id === waiting?.clientId))
      waiting?.answer(frame);
  });
  return {
    say: (msg: string) =>
      new Promise<ChatFrame>((answer) => {
        waiting = { clientId: visitor.say(msg), answer };
      }),
    close: visitor.close,
  };
}

const brief = await new Promise<VisitorsBrief>((resolve) => process.once('message', resolve));
const openedAt = performance.now();
const visitors: Awaited<ReturnType<typeof openVisitor>>[] = [];
for (let first = 0; first < brief.tokens.length; first += OPENING_AT_ONCE) {
  const batch = brief.tokens.slice(first, first + OPENING_AT_ONCE);
  visitors.push(...(await Promise.all(batch.map((token) => openVisitor(brief, token)))));
}
report({ sockets: visitors.length, seconds: (performance.now() - openedAt) / 1000 });

await new Promise((resolve) => process.once('message', resolve));
const latencies: number[] = [];
let errors = 0;
let turn = 0;
const lastSentAt = new Map<number, number>();
const startedAt = performance.now();
const until = startedAt + brief.seconds * 1000;
await Promise.all(
  Array.from({ length: brief.inFlight }, async () => {
    while (performance.now() < until) {
      const index = turn++ % visitors.length;
      const visitor = visitors[index];
      if (!visitor) break;
      await sleep((lastSentAt.get(index) ?? Number.NEGATIVE_INFINITY) + SEND_GAP_MS - performance.now());
      const sentAt = performance.now();
      lastSentAt.set(index, sentAt);
      const answer = await visitor.say(`Message ${turn} from visitor ${index}`);
      if (answer.cmd === 'error') errors++;
      else latencies.push(performance.now() - sentAt);
    }
  }),
);
const seconds = (performance.now() - startedAt) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (share: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0);
report({
  messages: latencies.length,
  seconds,
  latencyMs: { p50: percentile(0.5), p99: percentile(0.99) },
  errors,
});
for (const visitor of visitors) visitor.close();
process.disconnect();
