/**
 * Label sheets (docs/decisions.md: Labels and scanning): PDFs of QR labels, each with the record's
 * name and code, laid out for Avery 5160 sheets (US Letter, 3 × 10 labels of 2⅝ × 1 in; Avery
 * 8160, 5260 and 5960 and their like share the layout).
 *
 * - GET assets/labels.pdf?location=ID: one label for each asset at the location, by name; at most
 *   MAX_LABELS_PER_REQUEST, else `page=N` asks for the Nth part of that many.
 * - GET locations/{id}/label.pdf?copies=N: the location's own label, N times (default 1).
 *
 * Plain values only: the data worker and the lists read them. The query schemas are in
 * `label-query.ts`, so that TypeBox stays out of the worker's script.
 */
import { msg, t } from '../i18n/translate.js';

/** Labels on one sheet: three across, ten down. */
export const LABELS_PER_SHEET = 30;

/**
 * The most labels one request is given (34 sheets). A sheet takes the server about 6 ms a label to
 * build, so one request holds a PDF thread for some seconds at most; a location with more assets is
 * printed in parts of this many (`page`).
 */
export const MAX_LABELS_PER_REQUEST = 1000;

/** The refusal of a location with more assets than one request labels: the cap, and how to ask in parts. */
export function tooManyLabels(assets: number): string {
  const sheets = Math.ceil(MAX_LABELS_PER_REQUEST / LABELS_PER_SHEET);
  const parts = Math.ceil(assets / MAX_LABELS_PER_REQUEST);
  return t('At most {max} labels ({sheets} sheets) per request; this location has {assets} assets. Ask for them {max} at a time, by name, with page=1 to page={parts}.', { max: MAX_LABELS_PER_REQUEST, sheets, assets, parts });
}

export const assetLabelsPath = (location: number) => `assets/labels.pdf?location=${location}`;
export const locationLabelPath = (id: number) => `locations/${id}/label.pdf`;

export const assetLabelsFile = (location: number | '{location}') => `asset-labels-location-${location}.pdf`;
export const locationLabelFile = (id: number | '{id}') => `location-label-${id}.pdf`;

/** Said instead of a sheet without a connection: the server makes it, so nothing is kept for later. */
export const LABELS_NEED_CONNECTION = msg('Printing labels needs a connection.');

/** The asset list's "Print labels" for a location where no asset is. */
export const NO_ASSETS_TO_LABEL = msg('There are no assets at this location to print labels for.');
