import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brand } from '@tidewatch/content';
import {
  CHAT_FRAME_MAX_BYTES,
  CHAT_RATE_LIMIT,
  type ConversationStarted,
  LOCATION_TOTP_PERIOD,
  locationAuthorization,
  type ServerFrame,
} from '@tidewatch/contract';
import { generateTotpCode } from '@tidewatch/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { buildApp } from '../src/app';
import { chatConversations, chatMessages, chatStaffPresence } from '../src/db/schema';
import { CHAT_ADDRESS_FRAMES, CHAT_SOCKETS_PER_ADDRESS } from '../src/modules/chat/socket';
import { json, TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

/** A Mattermost-compatible incoming webhook that keeps what it is sent. */
async function startWebhookCapture() {
  const received: { username: string; text: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sales`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PUBLIC_URL = 'https://www.tidewatch.example';
const smtp = await startSmtpCapture();
const webhook = await startWebhookCapture();
const METRICS_TOKEN = 'metrics-token-that-is-long-enough-0123456789';
// The test's sockets come through a proxy on loopback that names the visitor's address.
const t = useTestApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL,
  METRICS_TOKEN,
  TRUST_PROXY: 'loopback',
  CHAT_WEBHOOK_URL: webhook.url,
});
afterAll(() => Promise.all([smtp.close(), webhook.close()]));

let socketUrl: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/chat`;
});
beforeEach(async () => {
  await t.database.db.delete(chatConversations);
  await t.database.db.delete(chatStaffPresence);
  // Mail an earlier test queued is delivered before the count starts.
  await t.app.mailer.drain();
  smtp.received.length = 0;
  webhook.received.length = 0;
});

const VISITOR = { name: 'Ada Lovelace', email: 'ada@engines.example', locale: 'en', page: '/pricing' };

async function startConversation(browser = t.browser(), body: Record<string, unknown> = VISITOR) {
  const response = await browser.request('/api/chat/conversations', { method: 'POST', body });
  expect(response.statusCode).toBe(201);
  return json<ConversationStarted>(response);
}

/** A visitor's socket that keeps every frame it gets and can wait for one. */
class Visitor {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number }>;
  private waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
  }

  /** A socket from `address`, as the proxy in front names it. */
  static async open(url = socketUrl, origin = PUBLIC_URL, address?: string) {
    const socket = new WebSocket(url, {
      origin,
      ...(address && { headers: { 'x-forwarded-for': address } }),
    });
    // Listening before it opens: a frame sent at once is not missed.
    const visitor = new Visitor(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return visitor;
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async next(match: (frame: ServerFrame) => boolean, timeoutMs = 5_000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async signIn(token: string, after?: number) {
    this.send({ cmd: 'token-auth', token, ...(after !== undefined && { after }) });
    return this.next((frame) => frame.cmd === 'auth-ok');
  }

  async say(msg: string) {
    const clientId = randomUUID();
    this.send({ cmd: 'msg', msg, byAppUser: true, client_id: clientId });
    return this.next((frame) => frame.cmd === 'msg' && frame.client_id === clientId);
  }
}

/** A staff reply, through another app (replica) when given, with the same cookies. */
async function staffReply(staff: TestBrowser, id: string, msg: string, app?: FastifyInstance) {
  let browser = staff;
  if (app) {
    browser = new TestBrowser(app);
    for (const [name, value] of staff.cookies) browser.cookies.set(name, value);
  }
  return browser.request(`/api/chat/inbox/${id}/messages`, { method: 'POST', body: { msg } });
}

describe('starting a conversation', () => {
  it('answers a token and a location secret, stores only the token hash, and greets in the visitor language', async () => {
    const started = await startConversation(t.browser(), { ...VISITOR, locale: 'da' });
    expect(started.staff_online).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, started.id));
    expect(row?.tokenHash).not.toContain(started.token);
    expect(row?.totpSecret).not.toContain(started.totp_secret);
    const messages = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, started.id));
    expect(messages).toMatchObject([{ by: 'bot', body: expect.stringContaining('Hej') }]);
  });

  it('refuses a missing name, a bad email and NUL characters without storing anything', async () => {
    for (const body of [
      { ...VISITOR, name: '' },
      { ...VISITOR, email: 'not-an-address' },
      { ...VISITOR, page: '/\u0000' },
    ]) {
      const response = await t.browser().request('/api/chat/conversations', { method: 'POST', body });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(chatConversations)).toHaveLength(0);
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await t.browser().request('/api/chat/conversations', {
        method: 'POST',
        body: VISITOR,
        remoteAddress: '198.51.100.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the socket', () => {
  it('refuses an upgrade from another origin', async () => {
    await expect(Visitor.open(socketUrl, 'https://evil.example')).rejects.toThrow(/403/);
  });

  it('closes with 4401 on a bad token, and on a first frame that is not token-auth', async () => {
    const bad = await Visitor.open();
    bad.send({ cmd: 'token-auth', token: 'nope' });
    expect(await bad.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'unauthorised' });
    expect((await bad.closed).code).toBe(4401);

    const early = await Visitor.open();
    early.send({ cmd: 'msg', msg: 'hello', byAppUser: true, client_id: randomUUID() });
    expect((await early.closed).code).toBe(4401);
  });

  it('signs in, catches up after the last id seen, and echoes a message with its client id', async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    expect(await visitor.signIn(started.token)).toMatchObject({
      conversation_id: started.id,
      staff_online: false,
    });
    const greeting = await visitor.next((frame) => frame.cmd === 'msg' && frame.by === 'bot');
    const echoed = await visitor.say('Do you support Debian 12?');
    expect(echoed).toMatchObject({ by: 'user', msg: 'Do you support Debian 12?' });
    visitor.socket.close();

    const again = await Visitor.open();
    await again.signIn(started.token, greeting.cmd === 'msg' ? greeting.id : 0);
    await again.next((frame) => frame.cmd === 'msg' && frame.by === 'user');
    expect(again.frames.filter((frame) => frame.cmd === 'msg')).toHaveLength(1);
    again.socket.close();
  });

  it(`closes a socket that sends frames over ${CHAT_FRAME_MAX_BYTES} bytes`, async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    visitor.send({
      cmd: 'msg',
      msg: 'x'.repeat(CHAT_FRAME_MAX_BYTES),
      byAppUser: true,
      client_id: randomUUID(),
    });
    expect((await visitor.closed).code).toBe(1009);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.by, 'user'))).toHaveLength(
      0,
    );
  });

  it(`closes with 1008 after more than ${CHAT_RATE_LIMIT.frames} frames in ${CHAT_RATE_LIMIT.windowMs / 1000} s`, async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    for (let frame = 0; frame < CHAT_RATE_LIMIT.frames; frame++)
      visitor.send({ cmd: 'location', error: 'unable to get user ip' });
    visitor.send({ cmd: 'location', error: 'unable to get user ip' });
    expect(await visitor.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'rate-limited' });
    expect((await visitor.closed).code).toBe(1008);
  });

  it('keeps the frame limit of a conversation across reconnects', async () => {
    const started = await startConversation();
    const first = await Visitor.open();
    await first.signIn(started.token);
    for (let n = 0; n < 15; n++) await first.say(`first socket ${n}`);
    first.socket.close();
    const second = await Visitor.open();
    await second.signIn(started.token);
    // Well within this socket's own limit, past the conversation's.
    for (let n = 0; n < 10; n++)
      second.send({ cmd: 'msg', msg: `second socket ${n}`, byAppUser: true, client_id: randomUUID() });
    expect(await second.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'rate-limited' });
    expect((await second.closed).code).toBe(1008);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.by, 'user'));
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.frames);
  });

  it(`limits one address to ${CHAT_ADDRESS_FRAMES} frames over all its conversations`, async () => {
    const address = '203.0.113.50';
    const visitors: Visitor[] = [];
    for (let n = 0; n < 4; n++) {
      const visitor = await Visitor.open(socketUrl, PUBLIC_URL, address);
      await visitor.signIn((await startConversation()).token);
      visitors.push(visitor);
    }
    // Four sign-ins and fourteen messages on each socket: every frame the address may send.
    for (const visitor of visitors) for (let n = 0; n < 14; n++) await visitor.say(`message ${n}`);
    const [flooding] = visitors;
    flooding?.send({ cmd: 'msg', msg: 'one too many', byAppUser: true, client_id: randomUUID() });
    expect(await flooding?.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'rate-limited' });
    expect((await flooding?.closed)?.code).toBe(1008);
    for (const visitor of visitors) visitor.socket.close();
  });

  it(`holds at most ${CHAT_SOCKETS_PER_ADDRESS} sockets open from one address`, async () => {
    const address = '203.0.113.60';
    const open = await Promise.all(
      Array.from({ length: CHAT_SOCKETS_PER_ADDRESS }, () => Visitor.open(socketUrl, PUBLIC_URL, address)),
    );
    const extra = await Visitor.open(socketUrl, PUBLIC_URL, address);
    expect(await extra.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'too-many-sockets' });
    expect((await extra.closed).code).toBe(1008);
    // Another address is not held back, and a closed socket frees its place.
    const started = await startConversation();
    const other = await Visitor.open(socketUrl, PUBLIC_URL, '203.0.113.61');
    await other.signIn(started.token);
    other.socket.close();
    open[0]?.socket.close();
    await open[0]?.closed;
    await expect
      .poll(
        async () => {
          const again = await Visitor.open(socketUrl, PUBLIC_URL, address);
          const refused = await Promise.race([
            again.closed.then(() => true),
            again.signIn(started.token).then(() => false),
          ]);
          again.socket.close();
          return refused;
        },
        { timeout: 5_000 },
      )
      .toBe(false);
    for (const visitor of open) visitor.socket.close();
  });

  it('answers an invalid frame with an error and stores nothing', async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    visitor.send({ cmd: 'msg', msg: '   ', byAppUser: true, client_id: randomUUID() });
    visitor.send('not json');
    await visitor.next((frame) => frame.cmd === 'error' && frame.code === 'invalid-frame');
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.by, 'user'))).toHaveLength(
      0,
    );
    visitor.socket.close();
  });

  it('notifies the sales team by mail on the first visitor message only', async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    await visitor.say('First question');
    await visitor.say('Second question');
    await t.app.mailer.drain();
    const notices = smtp.received.filter((mail) => mail.to.includes(brand.contact.salesEmail));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('First question');
    expect(notices[0]?.replyTo).toEqual(['ada@engines.example']);
    visitor.socket.close();
  });

  it('posts the first message to the webhook as literal text: no mention, link or image renders', async () => {
    const started = await startConversation(t.browser(), {
      ...VISITOR,
      name: '@channel [Your boss](https://evil.example)',
      page: '/pricing?@here',
    });
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    const message =
      '@all see ![x](https://tracker.example/pixel.png)\n@here `code` <https://evil.example> https://evil.example\n```\n@channel **bold**';
    await visitor.say(message);
    await expect.poll(() => webhook.received.length).toBe(1);
    const text = webhook.received[0]?.text ?? '';
    // Mattermost shows inline code as it is, and drops it before looking for mentions.
    const outsideCode = text.replace(/`[^`\n]*`/g, ' ');
    expect(outsideCode).not.toMatch(/@|evil|tracker|!\[|\*\*/);
    expect(text).toContain('`@all see ![x](https://tracker.example/pixel.png)`');
    expect(text).toContain(`[Open the inbox](${PUBLIC_URL}/admin/chat?conversation=${started.id})`);
    visitor.socket.close();
  });

  it("stores where the connection's address is, not the place the widget claims", async () => {
    const started = await startConversation();
    const visitor = await Visitor.open(socketUrl, PUBLIC_URL, '80.62.116.1');
    await visitor.signIn(started.token);
    visitor.send({ cmd: 'location', city: 'Aarhus', country: 'Denmark' });
    const located = async () =>
      (await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, started.id)))[0];
    await expect.poll(async () => (await located())?.city).not.toBeNull();
    expect(await located()).toMatchObject({ city: 'Herning', country: 'Denmark', locationError: null });
    visitor.socket.close();

    const unknown = await startConversation();
    const local = await Visitor.open();
    await local.signIn(unknown.token);
    local.send({ cmd: 'location', city: 'Aarhus', country: 'Denmark' });
    await expect
      .poll(
        async () =>
          (
            await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, unknown.id))
          )[0],
      )
      .toMatchObject({ city: null, locationError: 'backend couldnt find user ip' });
    local.socket.close();
  });
});

describe('a socket that does not sign in', () => {
  let quick: FastifyInstance;
  let quickUrl: string;
  beforeAll(async () => {
    quick = await buildApp({
      config: testConfig({ PUBLIC_URL }),
      db: t.database.db,
      database: t.database,
      secret: TEST_SECRET,
      now: t.clock.now,
      chatAuthTimeoutMs: 200,
    });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    quickUrl = `ws://127.0.0.1:${(quick.server.address() as AddressInfo).port}/api/chat`;
  });
  afterAll(() => quick?.close());

  it('is closed once its time to sign in is up', async () => {
    const idle = await Visitor.open(quickUrl);
    expect(await idle.next((frame) => frame.cmd === 'error')).toMatchObject({ code: 'sign-in-timeout' });
    expect((await idle.closed).code).toBe(1008);
  });
});

describe('metrics', () => {
  const openSockets = async () => {
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = response.body
      .split('\n')
      .find((entry) => entry.startsWith('tidewatch_chat_websockets_open '));
    return Number(line?.split(' ').at(-1));
  };

  it('counts the visitor sockets open on this replica', async () => {
    const started = await startConversation();
    // Earlier tests' sockets have all been closed; the server lets go of them shortly after.
    await expect.poll(openSockets).toBe(0);
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    expect(await openSockets()).toBe(1);
    visitor.socket.close();
    await expect.poll(openSockets).toBe(0);
  });
});

describe('location', () => {
  const lookup = (started: ConversationStarted, code: string, ip = '80.62.116.1', browser = t.browser()) =>
    browser.request(`/api/user-location?userIp=${ip}`, {
      headers: { authorization: locationAuthorization(started.id, code) },
    });
  const codeNow = (started: ConversationStarted, offsetMs = 0) =>
    generateTotpCode(started.totp_secret, t.clock.now().getTime() + offsetMs, {
      period: LOCATION_TOTP_PERIOD,
    });

  it("answers the caller's address", async () => {
    const response = await t.browser().request('/api/ip', { remoteAddress: '203.0.113.7' });
    expect(json(response)).toEqual({ ip: '203.0.113.7' });
  });

  it('answers city and country for a fresh code and refuses the same code again', async () => {
    const started = await startConversation();
    const code = codeNow(started);
    const first = await lookup(started, code);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ data: { city: 'Herning', country: 'Denmark' } });
    expect((await lookup(started, code)).statusCode).toBe(401);
  });

  it('accepts one step of drift and refuses two', async () => {
    const started = await startConversation();
    expect((await lookup(started, codeNow(started, -LOCATION_TOTP_PERIOD * 1000))).statusCode).toBe(200);
    const other = await startConversation();
    expect((await lookup(other, codeNow(other, -2 * LOCATION_TOTP_PERIOD * 1000))).statusCode).toBe(401);
  });

  it("refuses a missing bearer, another conversation's code and a wrong code", async () => {
    const started = await startConversation();
    const other = await startConversation();
    expect((await t.browser().request('/api/user-location?userIp=8.8.8.8')).statusCode).toBe(401);
    expect((await lookup(started, codeNow(other))).statusCode).toBe(401);
    expect((await lookup(started, '000000')).statusCode).toBe(401);
  });

  it("answers the spec's message for an address the database does not know", async () => {
    const started = await startConversation();
    const response = await lookup(started, codeNow(started), '10.1.2.3');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('backend couldnt find user ip');
  });

  it('refuses something that is not an address with 400', async () => {
    const started = await startConversation();
    expect((await lookup(started, codeNow(started), 'localhost')).statusCode).toBe(400);
  });
});

describe('the staff inbox', () => {
  it('is for admins only', async () => {
    for (const email of ['manager@acme.example', 'user@acme.example', 'finance@tidewatch.example']) {
      const browser = await t.signedIn(email);
      expect((await browser.request('/api/chat/inbox')).statusCode).toBe(403);
      expect((await browser.request('/api/admin/count/unanswered_chat')).statusCode).toBe(403);
    }
    const customer = await t.signedIn('manager@acme.example');
    expect((await customer.request('/api/count/unanswered_chat/acmecorp')).statusCode).toBe(400);
    expect((await t.browser().request('/api/chat/inbox')).statusCode).toBe(401);
  });

  it('lists conversations with unread and unanswered state, searches, replies live and closes', async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    await visitor.say('Can you patch our kernels at night?');
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(json(await admin.request('/api/admin/count/unanswered_chat'))).toBe(1);

    const inbox = json<{ data: Record<string, unknown>[]; total: number }>(
      await admin.request('/api/chat/inbox'),
    );
    expect(inbox.total).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      id: started.id,
      unread: true,
      unanswered: true,
      visitor_connected: true,
    });
    expect(json<{ total: number }>(await admin.request('/api/chat/inbox?q=kernels')).total).toBe(1);
    expect(json<{ total: number }>(await admin.request('/api/chat/inbox?q=windows')).total).toBe(0);
    // The inbox being open is what makes staff online for visitors.
    await visitor.next((frame) => frame.cmd === 'staff-online' && frame.online, 8_000);

    const reply = await staffReply(admin, started.id, 'Yes, inside your service window.');
    expect(reply.statusCode).toBe(200);
    await visitor.next((frame) => frame.cmd === 'msg' && frame.by === 'mattermost');
    const detail = json<Record<string, unknown>>(await admin.request(`/api/chat/inbox/${started.id}`));
    expect(detail).toMatchObject({ unread: false, unanswered: false });
    expect(json(await admin.request('/api/admin/count/unanswered_chat'))).toBe(0);
    await t.app.mailer.drain();
    expect(smtp.received.filter((mail) => mail.to.includes(VISITOR.email))).toHaveLength(0);

    expect((await admin.request(`/api/chat/inbox/${started.id}/close`, { method: 'POST' })).statusCode).toBe(
      204,
    );
    await visitor.next((frame) => frame.cmd === 'closed');
    expect((await staffReply(admin, started.id, 'Too late')).statusCode).toBe(409);
    visitor.send({ cmd: 'msg', msg: 'Still there?', byAppUser: true, client_id: randomUUID() });
    await visitor.next((frame) => frame.cmd === 'error' && frame.code === 'closed');
    visitor.socket.close();
  });

  it('mails the reply to a visitor who is not connected', async () => {
    const started = await startConversation();
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await staffReply(admin, started.id, 'We can help with that.')).statusCode).toBe(200);
    await t.app.mailer.drain();
    const [mail] = smtp.received.filter((received) => received.to.includes(VISITOR.email));
    expect(mail?.text).toContain('We can help with that.');
  });

  it('answers 404 for an unknown conversation and 400 for a forged cursor or a blank reply', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request(`/api/chat/inbox/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.request('/api/chat/inbox?cursor=forged')).statusCode).toBe(400);
    const started = await startConversation();
    expect((await staffReply(admin, started.id, '  ')).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(chatMessages).where(eq(chatMessages.by, 'mattermost')),
    ).toHaveLength(0);
  });
});

describe('two replicas on one database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL }),
      db: t.database.db,
      database: t.database,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
  });
  afterAll(() => second?.close());

  it('a staff reply made on one reaches the visitor connected to the other', async () => {
    const started = await startConversation();
    const visitor = await Visitor.open();
    await visitor.signIn(started.token);
    await visitor.say('Hello from replica A');
    const admin = await t.signedIn('admin@tidewatch.example');
    const reply = await staffReply(admin, started.id, 'Hello from replica B', second);
    expect(reply.statusCode).toBe(200);
    expect(await visitor.next((frame) => frame.cmd === 'msg' && frame.by === 'mattermost')).toMatchObject({
      msg: 'Hello from replica B',
    });
    // Replica B saw the visitor as connected on A, so nothing was mailed.
    await t.app.mailer.drain();
    expect(smtp.received.filter((mail) => mail.to.includes(VISITOR.email))).toHaveLength(0);
    visitor.socket.close();
  });
});
