/** The work-order list's query (?location, ?page, ?q) and its remembered location filter. */
import type { ListQueryDef } from '../../kit/list-query';

export const WORKORDER_LIST: ListQueryDef = { path: '/workorder-list', searchParam: 'q', locationKey: 'workorderSelectedLocation' };
