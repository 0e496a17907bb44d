/** Contact messages as the sender gets one back and as the staff read them (behaviour §3). */
import type { AdminContactMessage } from '../../../shared/api/admin.js';
import type { ContactMessage } from '../../../shared/api/contact.js';
import type { ContactMessageRow } from './contact.repository.js';

/** Columns the sender's answer does not show (tests/server/response-shapes.test.ts holds the list to the table). */
export const CONTACT_MESSAGE_NOT_EXPOSED = ['user_id', 'read_at'] as const satisfies readonly (keyof ContactMessageRow)[];

export function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return { id: row.id, name: row.name, email: row.email, message: row.message, created_at: row.created_at };
}

/** Columns the staff's inbox does not show. */
export const ADMIN_CONTACT_MESSAGE_NOT_EXPOSED = ['user_id'] as const satisfies readonly (keyof ContactMessageRow)[];

export function presentAdminContactMessage(row: ContactMessageRow): AdminContactMessage {
  return { id: row.id, name: row.name, email: row.email, message: row.message, created_at: row.created_at, read: Boolean(row.read_at) };
}
