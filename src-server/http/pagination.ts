/** DRF page-number pagination: `{count, next, previous, results}`, page size 10, absolute links. */
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, type Page } from '../../shared/api/common.js';
import { PAGE_SIZE } from '../../shared/constants.js';
import { notFound } from './errors.js';
import { linkTo } from './origin.js';
import { t } from '../../shared/i18n/translate.js';

/** The query of a list that takes nothing but a page (lists with filters add `page: Type.Optional(PageNumber)` to theirs). */
export const PageQuery = Type.Object({ page: Type.Optional(PageNumber) });
export type PageQuery = Static<typeof PageQuery>;

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

/** Page `page` (default 1) of `size` items: the API's pages of PAGE_SIZE unless a route pages by more (label sheets). */
export function pageWindow(page: number | undefined, size = PAGE_SIZE): PageWindow {
  const p = page ?? 1;
  return { page: p, limit: size, offset: (p - 1) * size };
}

export function pageOf<T>(request: FastifyRequest, window: PageWindow, count: number, results: T[]): Page<T> {
  const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
  if (window.page > last) throw notFound(t('Invalid page.'));
  const link = (p: number | null): string | null =>
    p === null
      ? null
      : linkTo(request, (url) => {
          if (p === 1) url.searchParams.delete('page');
          else url.searchParams.set('page', String(p));
        });
  return {
    count,
    next: link(window.page < last ? window.page + 1 : null),
    previous: link(window.page > 1 ? window.page - 1 : null),
    results,
  };
}
