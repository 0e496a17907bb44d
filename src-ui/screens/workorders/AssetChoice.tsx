/**
 * The new work order's asset (not in the spec; docs/decisions.md: Labels and scanning): optional,
 * offered to those who may open assets, among the assets at the chosen location (the kept ones
 * offline). Opened from an asset ("Report a problem"), it comes chosen; a change of location to
 * one where the chosen asset is not clears it, as the server would refuse it there.
 */
import { useEffect } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { Asset } from '../../../shared/api/assets';
import type { ReadResult } from '../../../shared/data/protocol';
import { msg } from '../../../shared/i18n/translate';
import { brandAndName } from '../../format/display';
import { ChoiceField } from '../../kit/FormFields';
import { useT } from '../../i18n/language';
import { useWorkerRead } from '../../state/hooks';
import type { WorkOrderValues } from './work-order-values';

/** The "no asset" choice: the dropdown needs a value for it; the form sends none. */
export const NO_ASSET = 0;

const NOTHING: ReadResult<Asset[]> = { data: [], fromCache: false, cachedAt: null };

export function AssetChoice({ control, setValue }: { control: Control<WorkOrderValues>; setValue: UseFormSetValue<WorkOrderValues> }) {
  const t = useT();
  const location = useWatch({ control, name: 'location_id' });
  const chosen = useWatch({ control, name: 'asset_id' });
  const assets = useWorkerRead(`assets-at|${location ?? ''}`, (worker) => (location === null ? Promise.resolve(NOTHING) : worker.assets.atLocation(location)));
  const offered = assets.result?.data;

  useEffect(() => {
    if (offered && chosen !== null && chosen !== NO_ASSET && !offered.some((a) => a.id === chosen)) setValue('asset_id', null);
  }, [offered, chosen, setValue]);

  const options = [
    { label: t('No asset'), value: NO_ASSET },
    ...(offered ?? []).map((a) => ({ label: `${brandAndName(a.brand.brand, a.name.name) || t('Asset #{id}', { id: a.id })} (${a.code})`, value: a.id })),
  ];
  return <ChoiceField control={control} name="asset_id" id="wo-asset" label={msg('Asset')} hint={msg('Optional: the asset the problem is with.')} options={options} placeholder={t('No asset')} />;
}
