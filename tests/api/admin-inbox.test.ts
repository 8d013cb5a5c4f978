import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedback, securityAuditLog } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let otherAdmin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  otherAdmin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});
// Every test starts from an empty inbox: counts and pages are exact.
beforeEach(async () => {
  await t.database.db.delete(feedback);
});

type Category = 'general' | 'technical' | 'feature' | 'billing' | 'content';

interface Summary {
  id: string;
  category: Category;
  subject: string;
  name: string;
  email: string;
  createdAt: string;
  handledAt: string | null;
}
interface ListBody {
  messages: Summary[];
  page: number;
  pageSize: number;
  total: number;
  counts: { open: number; handled: number };
}
interface Message extends Summary {
  message: string;
  handledBy: { id: string; email: string } | null;
  fromAccount: boolean;
}

/** A contact message straight in the table, at a known time. */
async function insertMessage(
  options: {
    subject?: string;
    category?: Category;
    createdAt?: Date;
    handled?: boolean;
    message?: string;
  } = {},
) {
  const [row] = await t.database.db
    .insert(feedback)
    .values({
      name: 'Carmen Ruiz',
      email: 'carmen@example.com',
      category: options.category ?? 'general',
      subject: options.subject ?? 'Hola',
      message: options.message ?? 'Una pregunta.',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...(options.handled ? { handledAt: new Date(), handledBy: admin.userId } : {}),
    })
    .returning({ id: feedback.id });
  return row!.id;
}

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));

const list = (query: Record<string, string> = {}, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url: '/api/admin/inbox', query, headers: { cookie } });

const read = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/admin/inbox/${id}`, headers: { cookie } });

const mark = (id: string, payload: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/inbox/${id}`,
    headers: { cookie, origin: ORIGIN },
    payload: payload as Record<string, unknown>,
  });

const auditRows = (messageId: string) =>
  t.database.db
    .select()
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.userId, admin.userId),
        eq(securityAuditLog.action, 'contact_message_handled'),
      ),
    )
    .then((rows) =>
      rows.filter((row) => (row.details as { message_id?: string }).message_id === messageId),
    );

describe('GET /api/admin/inbox', () => {
  it('lists open messages newest first with category, subject, sender and date', async () => {
    const older = await insertMessage({ subject: 'Older', category: 'billing', createdAt: at(1) });
    const newer = await insertMessage({ subject: 'Newer', category: 'content', createdAt: at(3) });
    await insertMessage({ subject: 'Done', createdAt: at(2), handled: true });

    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as ListBody;
    expect(body).toEqual({
      messages: [
        {
          id: newer,
          category: 'content',
          subject: 'Newer',
          name: 'Carmen Ruiz',
          email: 'carmen@example.com',
          createdAt: at(3).toISOString(),
          handledAt: null,
        },
        {
          id: older,
          category: 'billing',
          subject: 'Older',
          name: 'Carmen Ruiz',
          email: 'carmen@example.com',
          createdAt: at(1).toISOString(),
          handledAt: null,
        },
      ],
      page: 1,
      pageSize: 20,
      total: 2,
      counts: { open: 2, handled: 1 },
    });
    // The list carries no message bodies.
    expect(body.messages[0]).not.toHaveProperty('message');
  });

  it('filters by status (open, handled, all) and by category, with counts per category', async () => {
    const openGeneral = await insertMessage({ createdAt: at(1) });
    const handledGeneral = await insertMessage({ createdAt: at(2), handled: true });
    const openTechnical = await insertMessage({ category: 'technical', createdAt: at(3) });
    const handledTechnical = await insertMessage({
      category: 'technical',
      createdAt: at(4),
      handled: true,
    });

    const ids = async (query: Record<string, string>) =>
      ((await list(query)).json() as ListBody).messages.map((message) => message.id);

    expect(await ids({ status: 'open' })).toEqual([openTechnical, openGeneral]);
    expect(await ids({ status: 'handled' })).toEqual([handledTechnical, handledGeneral]);
    expect(await ids({ status: 'all' })).toEqual([
      handledTechnical,
      openTechnical,
      handledGeneral,
      openGeneral,
    ]);
    expect(await ids({ status: 'all', category: 'technical' })).toEqual([
      handledTechnical,
      openTechnical,
    ]);
    expect(await ids({ status: 'handled', category: 'general' })).toEqual([handledGeneral]);
    expect(await ids({ category: 'billing' })).toEqual([]);

    const technical = (await list({ category: 'technical' })).json() as ListBody;
    expect(technical.counts).toEqual({ open: 1, handled: 1 });
    expect(technical.total).toBe(1);
    const everything = (await list({ status: 'all' })).json() as ListBody;
    expect(everything.counts).toEqual({ open: 2, handled: 2 });
    expect(everything.total).toBe(4);
  });

  it('pages through the list without overlap, the total beside each page', async () => {
    // 25 messages, two of them at the same moment (the id keeps their order stable).
    const created: string[] = [];
    for (let index = 0; index < 25; index++) {
      created.push(
        await insertMessage({ subject: `M${index}`, createdAt: at(index === 24 ? 23 : index) }),
      );
    }
    const pages = await Promise.all(
      ['1', '2', '3'].map(
        async (page) => (await list({ page, pageSize: '10' })).json() as ListBody,
      ),
    );
    expect(pages.map((page) => page.messages.length)).toEqual([10, 10, 5]);
    expect(pages.every((page) => page.total === 25 && page.pageSize === 10)).toBe(true);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    const seen = pages.flatMap((page) => page.messages.map((message) => message.id));
    expect(new Set(seen).size).toBe(25);
    expect(new Set(seen)).toEqual(new Set(created));
    const dates = pages.flatMap((page) => page.messages.map((message) => message.createdAt));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(pages[0]!.messages[2]!.subject).toBe('M22');

    const beyond = (await list({ page: '4', pageSize: '10' })).json() as ListBody;
    expect(beyond.messages).toEqual([]);
    expect(beyond.total).toBe(25);
  });

  it.each([
    [{ status: 'closed' }, 'status'],
    [{ category: 'spam' }, 'category'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '' }, 'pageSize'],
    [{ sort: 'oldest' }, ''],
  ])('refuses the query %j with a 400 in the common shape', async (query, field) => {
    const res = await list(query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as {
      error: { code: string; message: string; details: { issues: Array<{ path: string }> } };
    };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).not.toBe('');
    if (field) expect(error.details.issues[0]!.path).toBe(`/${field}`);
  });
});

describe('GET /api/admin/inbox/:id', () => {
  it('returns the message in full, exactly as stored', async () => {
    const text = 'Line one & "two"\n\n  indented\tline — ¿qué tal? 100% sure';
    const id = await insertMessage({ subject: 'R&D: "hello" 50%', message: text });
    const res = await read(id);
    expect(res.statusCode).toBe(200);
    const { message } = res.json() as { message: Message };
    expect(message).toMatchObject({
      id,
      subject: 'R&D: "hello" 50%',
      message: text,
      handledAt: null,
      handledBy: null,
      fromAccount: false,
    });
  });

  it('shows a message sent through the contact form, from a signed-in account', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie: learner.cookie, origin: ORIGIN },
      payload: {
        name: 'Lena',
        email: 'lena@example.com',
        category: 'feature',
        subject: 'Dark mode',
        message: 'Please add\na dark mode.',
      },
    });
    expect(sent.statusCode).toBe(201);
    const [summary] = ((await list()).json() as ListBody).messages;
    expect(summary).toMatchObject({ subject: 'Dark mode', category: 'feature', name: 'Lena' });
    const { message } = (await read(summary!.id)).json() as { message: Message };
    expect(message.message).toBe('Please add\na dark mode.');
    expect(message.email).toBe('lena@example.com');
    expect(message.fromAccount).toBe(true);
  });

  it('answers 404 for an unknown message and 400 for an id that is not one', async () => {
    const missing = await read('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    const bad = await read('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('PATCH /api/admin/inbox/:id', () => {
  it('marks a message handled by the admin, audited once; marking it again changes nothing', async () => {
    const id = await insertMessage({ subject: 'Refund', category: 'billing' });
    const before = Date.now();
    const res = await mark(id, { handled: true });
    expect(res.statusCode).toBe(200);
    const { message } = res.json() as { message: Message };
    expect(message.handledBy).toEqual({ id: admin.userId, email: admin.email });
    expect(Date.parse(message.handledAt!)).toBeGreaterThanOrEqual(before - 1000);

    const entries = await auditRows(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      message_id: id,
      subject: 'Refund',
      category: 'billing',
      from: 'carmen@example.com',
    });

    // Another admin marking it again: still handled by the first, nothing new in the log.
    const again = await mark(id, { handled: true }, otherAdmin.cookie);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { message: Message }).message).toEqual(message);
    expect(await auditRows(id)).toHaveLength(1);

    // It left the open list for the handled one; the dashboard counts it no longer.
    expect(((await list()).json() as ListBody).messages).toEqual([]);
    const handled = (await list({ status: 'handled' })).json() as ListBody;
    expect(handled.messages.map((item) => item.id)).toEqual([id]);
    expect(handled.messages[0]!.handledAt).toBe(message.handledAt);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: admin.cookie },
    });
    expect(dashboard.json().counts).toMatchObject({ feedback: 1, openFeedback: 0 });
  });

  it('re-opens a handled message, audited as contact_message_reopened with the actor', async () => {
    const id = await insertMessage({ subject: 'Bug', handled: true });
    const res = await mark(id, { handled: false }, otherAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { message: Message }).message).toMatchObject({
      handledAt: null,
      handledBy: null,
    });
    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'contact_message_reopened'));
    const entry = rows.find((row) => (row.details as { message_id?: string }).message_id === id);
    expect(entry?.userId).toBe(otherAdmin.userId);
    expect(((await list()).json() as ListBody).messages.map((item) => item.id)).toEqual([id]);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: admin.cookie },
    });
    expect(dashboard.json().counts).toMatchObject({ feedback: 1, openFeedback: 1 });
  });

  it('refuses a body without a boolean `handled`, and unknown messages', async () => {
    const id = await insertMessage();
    for (const payload of [{}, { handled: 'yes' }, { handled: true, note: 'x' }]) {
      const res = await mark(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const missing = await mark('00000000-0000-4000-8000-000000000000', { handled: true });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row!.handledAt).toBeNull();
  });
});

describe('access', () => {
  it('answers 401 to visitors and 403 to learners on every inbox route', async () => {
    const id = await insertMessage();
    const requests = [
      { method: 'GET' as const, url: '/api/admin/inbox' },
      { method: 'GET' as const, url: `/api/admin/inbox/${id}` },
      { method: 'PATCH' as const, url: `/api/admin/inbox/${id}`, payload: { handled: true } },
    ];
    for (const request of requests) {
      const visitor = await t.app.inject({ ...request, headers: { origin: ORIGIN } });
      expect(visitor.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(visitor.json().error.code).toBe('UNAUTHORIZED');
      const learnerRes = await t.app.inject({
        ...request,
        headers: { cookie: learner.cookie, origin: ORIGIN },
      });
      expect(learnerRes.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(learnerRes.json().error.code).toBe('FORBIDDEN');
    }
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row!.handledAt).toBeNull();
  });
});
