/** Contact form contract: name, email and message all required (behaviour §5). */
import { Type, type Static } from '@sinclair/typebox';
import { NAME_LIMIT, TEXT_LIMIT } from '../constants.js';
import type { EveryKey } from './common.js';

export const ContactBody = Type.Object({
  name: Type.String({ maxLength: NAME_LIMIT }),
  email: Type.String({ maxLength: 254 }),
  message: Type.String({ maxLength: TEXT_LIMIT }),
});
export type ContactBody = Static<typeof ContactBody>;

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

export const CONTACT_MESSAGE_KEYS = { id: true, name: true, email: true, message: true, created_at: true } satisfies EveryKey<ContactMessage>;
