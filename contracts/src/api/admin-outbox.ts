import { z } from 'zod';
import { AdminListQuery } from './admin';

/** The query of GET /api/admin/outbox: a page of the sent emails (`page` from 1, `pageSize` 1–100). */
export const AdminOutboxQuery = AdminListQuery.pick({ page: true, pageSize: true });
export type AdminOutboxQuery = z.infer<typeof AdminOutboxQuery>;

/** One email the service sent, as an admin reads it. */
export const OutboxEmailView = z.object({
  /** The email's own id (its file name in the outbox, and the left part of its Message-ID). */
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** ISO 8601, from the Date header. */
  date: z.string(),
  /** The plain text body. */
  text: z.string(),
});
export type OutboxEmailView = z.infer<typeof OutboxEmailView>;

/**
 * GET /api/admin/outbox: one page of the emails written to the outbox (DATA_DIR/outbox), newest
 * first, and how many there are. With SMTP_URL set, mail goes to the SMTP server and keeps no
 * copy here: `delivery` is 'smtp' and the page is empty, so the screen can say where mail went.
 */
export const AdminOutboxPage = z.object({
  delivery: z.enum(['outbox', 'smtp']),
  total: z.number().int(),
  messages: z.array(OutboxEmailView),
});
export type AdminOutboxPage = z.infer<typeof AdminOutboxPage>;
