/** What the New Work Order form holds (WorkOrderCreatePage), shared with its asset field (AssetChoice). */
export interface WorkOrderValues {
  location_id: number | null;
  description: string;
  new_attachments: File[];
  /** Not in the spec: the asset the problem is with (null or NO_ASSET: none). */
  asset_id: number | null;
}
