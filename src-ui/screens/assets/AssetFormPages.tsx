/**
 * Create Asset and Update Asset (behaviour §2, 5). Create: location, name, description and serial number
 * required, acquisition date and price optional, the type BEVERAGE unless chosen. Update: every
 * field required, the date and price included; only the changed fields are sent, on the version the
 * form was filled from (kit/versioned-edit.tsx). A thumbnail may be chosen on either; the data
 * worker makes it fit before sending. Assets are sent now: offline the form says so and keeps
 * everything typed.
 */
import { Button } from 'primereact/button';
import type { UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { AssetForm, AssetUpdateForm, PRICE_LIMIT, type Asset } from '../../../shared/api/assets';
import type { AssetFields } from '../../../shared/areas/assets';
import { ASSET_TYPES, DEFAULT_ASSET_TYPE, type AssetType } from '../../../shared/constants';
import { IMAGE_ACCEPT, IMAGE_REFUSED_MESSAGE, isAcceptedImageType } from '../../../shared/data/attachments';
import { NOTHING_CHANGED, NOT_FOUND_MESSAGES, SCREEN_MESSAGES } from '../../../shared/data/messages';
import type { ChosenFile } from '../../../shared/data/protocol';
import { msg, t } from '../../../shared/i18n/translate';
import { useT } from '../../i18n/language';
import { FormScreen } from '../../kit/FormScreen';
import { ChoiceField, FileField, NumberField, TextAreaField, TextField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { originListUrl, rememberedLocation } from '../../kit/list-query';
import { useLocationOptions } from '../../kit/location-options';
import { RecordThumbnail } from '../../kit/RecordThumbnail';
import { UploadProgress } from '../../kit/UploadProgress';
import { ChangedMeanwhileNotice, RecordLoadGate, changedFields, useVersionedEdit } from '../../kit/versioned-edit';
import { callWorker } from '../../state/bridge';
import { showToast } from '../../state/toasts';
import { ASSET_LIST } from './asset-list';

interface AssetValues {
  location_id: number | null;
  brand: string;
  name: string;
  description: string;
  asset_type: AssetType;
  serial_number: string;
  acquisition_date: string;
  purchase_price: number | null;
  thumbnail: File | null;
}

const EMPTY: AssetValues = {
  location_id: null,
  brand: '',
  name: '',
  description: '',
  asset_type: DEFAULT_ASSET_TYPE,
  serial_number: '',
  acquisition_date: '',
  purchase_price: null,
  thumbnail: null,
};

const TYPE_OPTIONS = ASSET_TYPES.map((t) => ({ label: t, value: t }));

/** What is sent (and checked): text trimmed, an empty date as none. */
function toBody(values: AssetValues): AssetFields {
  return {
    location_id: values.location_id,
    brand: values.brand.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    asset_type: values.asset_type,
    serial_number: values.serial_number.trim(),
    acquisition_date: values.acquisition_date || null,
    purchase_price: values.purchase_price,
  };
}

function valuesOf(asset: Asset): AssetValues {
  return {
    location_id: asset.location?.id ?? null,
    brand: asset.brand.brand,
    name: asset.name.name,
    description: asset.description.description,
    asset_type: (ASSET_TYPES as readonly string[]).includes(asset.asset_type.asset_type) ? (asset.asset_type.asset_type as AssetType) : DEFAULT_ASSET_TYPE,
    serial_number: asset.serial_number,
    acquisition_date: asset.acquisition_date ?? '',
    purchase_price: asset.purchase_price,
    thumbnail: null,
  };
}

/** The chosen picture as the worker takes it, or a refusal beside the field when it is not an image the server keeps. */
function chosenThumbnail(form: UseFormReturn<AssetValues>, file: File | null): ChosenFile | null | false {
  if (!file) return null;
  if (!isAcceptedImageType(file.type)) {
    form.setError('thumbnail', { type: 'type', message: t(IMAGE_REFUSED_MESSAGE) }, { shouldFocus: true });
    showToast({ severity: 'error', detail: t(IMAGE_REFUSED_MESSAGE) });
    return false;
  }
  return { name: file.name || 'thumbnail', type: file.type, blob: file };
}

function AssetFields({ form, idPrefix, allRequired }: { form: UseFormReturn<AssetValues>; idPrefix: string; allRequired: boolean }) {
  const t = useT();
  const { options, warning } = useLocationOptions();
  const id = (name: string) => `${idPrefix}-${name}`;
  const { control } = form;
  return (
    <>
      {warning}
      <ChoiceField control={control} name="location_id" id={id('location')} label={t('Location')} options={options} placeholder={t('Select a location')} required />
      <TextField control={control} name="brand" id={id('brand')} label={t('Brand')} />
      <TextField control={control} name="name" id={id('name')} label={t('Name')} required />
      <TextAreaField control={control} name="description" id={id('description')} label={t('Description')} rows={3} required />
      <ChoiceField control={control} name="asset_type" id={id('type')} label={t('Asset Type')} options={TYPE_OPTIONS} placeholder={t('Select a type')} required />
      <TextField control={control} name="serial_number" id={id('serial')} label={t('Serial Number')} required />
      <TextField control={control} name="acquisition_date" id={id('acquired')} label={t('Acquisition Date')} type="date" required={allRequired} />
      <NumberField control={control} name="purchase_price" id={id('price')} label={t('Purchase Price')} step="any" min={0} max={PRICE_LIMIT} required={allRequired} />
      <FileField control={control} name="thumbnail" id={id('thumbnail')} label={t('Thumbnail')} accept={IMAGE_ACCEPT} hint={t('A JPEG, PNG, GIF or WebP image; large photos are made smaller.')} />
    </>
  );
}


/** The body the schema checks: what would be sent. */
const checked = (values: AssetValues): Record<string, unknown> => ({ ...toBody(values) });

export function AssetCreatePage() {
  const t = useT();
  const [, navigate] = useLocation();
  const form = useSchemaForm<AssetValues>(AssetForm, { ...EMPTY, location_id: rememberedLocation(ASSET_LIST) }, checked);

  const submit = form.handleSubmit(async (values) => {
    const thumbnail = chosenThumbnail(form, values.thumbnail);
    if (thumbnail === false) return;
    try {
      const result = await callWorker((worker) => worker.assets.create({ fields: toBody(values), thumbnail }));
      showToast({ severity: 'success', detail: result.message });
      startOver(form);
      if (result.status === 'done') navigate(`/asset-detail/${result.data.id}`);
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.assets.create);
    }
  }, showInvalidForm);

  return (
    <FormScreen title={msg('Create Asset')} back={originListUrl(ASSET_LIST)}>
      <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
        <AssetFields form={form} idPrefix="asset" allRequired={false} />
        <UploadProgress submitting={form.formState.isSubmitting} />
        <Button type="submit" label={form.formState.isSubmitting ? t('Submitting...') : t('Create Asset')} icon="pi pi-check" disabled={form.formState.isSubmitting} />
      </form>
    </FormScreen>
  );
}

export function AssetUpdatePage({ params }: { params: { id?: string } }) {
  const t = useT();
  const [, navigate] = useLocation();
  const form = useSchemaForm<AssetValues>(AssetUpdateForm, EMPTY, checked);
  const edit = useVersionedEdit('assets', params.id, (worker, id) => worker.assets.get(id), form, valuesOf);
  const detailPath = `/asset-detail/${params.id ?? ''}`;

  const submit = form.handleSubmit(async (values) => {
    const base = edit.base;
    if (!base) return;
    const thumbnail = chosenThumbnail(form, values.thumbnail);
    if (thumbnail === false) return;
    const changes = changedFields(form, toBody(values));
    if (Object.keys(changes).length === 0 && !thumbnail) {
      showToast({ severity: 'info', detail: t(NOTHING_CHANGED) });
      return;
    }
    try {
      const result = await callWorker((worker) => worker.assets.update(base.id, { version: base.version, changes, thumbnail }));
      showToast({ severity: 'success', detail: result.message });
      // What was saved is the form's new starting point: nothing is left to send again.
      startOver(form, { ...values, thumbnail: null });
      navigate(detailPath);
    } catch (err) {
      await edit.refused(err, { failure: SCREEN_MESSAGES.assets.update, fetchFailure: SCREEN_MESSAGES.assets.fetchOne });
    }
  }, showInvalidForm);

  return (
    <FormScreen title={msg('Update Asset')} back={detailPath}>
      <RecordLoadGate read={edit.read} ready={edit.base !== null} texts={{ notFound: NOT_FOUND_MESSAGES.assets.one, failure: SCREEN_MESSAGES.assets.fetchOne, loading: msg('Loading asset...') }}>
        <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
          <ChangedMeanwhileNotice text={edit.changedMeanwhile} />
          {edit.base?.thumbnail_url ? (
            <div className="current-thumbnail">
              <span>{t('Current thumbnail')}</span>
              <RecordThumbnail url={edit.base.thumbnail_url} large />
            </div>
          ) : null}
          <AssetFields form={form} idPrefix="asset-edit" allRequired />
          <UploadProgress submitting={form.formState.isSubmitting} />
          <Button type="submit" label={form.formState.isSubmitting ? t('Saving...') : t('Update Asset')} icon="pi pi-check" disabled={form.formState.isSubmitting} />
        </form>
      </RecordLoadGate>
    </FormScreen>
  );
}
