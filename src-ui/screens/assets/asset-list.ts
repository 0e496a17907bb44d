import type { ListQueryDef } from '../../kit/list-query';

/** The asset list's query, its location remembered on the device (behaviour §3: the assets filter). */
export const ASSET_LIST: ListQueryDef = { path: '/asset-list', locationKey: 'assetSelectedLocation' };
