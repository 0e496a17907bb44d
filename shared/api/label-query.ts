/** The query schemas of the label sheets (`labels.ts` says what each serves). */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageNumber } from './common.js';
import { LABELS_PER_SHEET } from './labels.js';

/** `page`: the Nth MAX_LABELS_PER_REQUEST labels by name, for a location with more assets than that. */
export const AssetLabelsQuery = Type.Object({ location: Id, page: Type.Optional(PageNumber) }, { additionalProperties: false });
export type AssetLabelsQuery = Static<typeof AssetLabelsQuery>;

export const LocationLabelQuery = Type.Object(
  { copies: Type.Optional(Type.Integer({ minimum: 1, maximum: LABELS_PER_SHEET, description: 'How many of the label, from the sheet’s first place (default 1)' })) },
  { additionalProperties: false },
);
export type LocationLabelQuery = Static<typeof LocationLabelQuery>;
