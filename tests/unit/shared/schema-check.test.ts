import { describe, expect, it } from 'vitest';
import { AssetForm, AssetUpdateForm, PRICE_LIMIT } from '../../../shared/api/assets.js';
import { TaskForm } from '../../../shared/api/maintenance.js';
import { FillForm, InventoryForm } from '../../../shared/api/quantities.js';
import { schemaFieldErrors } from '../../../shared/api/schema-check.js';
import { hasAtMostDecimalPlaces } from '../../../shared/rules/decimals.js';

const valid = { location_id: 3, description: 'Grease the rollers', recurrence_interval: 30, last_completed_date: '2026-11-01', task_notes: null };

describe("a form's check against the shared request schema, in the server's words", () => {
  it('accepts a complete task and leaves optional empty fields alone', () => {
    expect(schemaFieldErrors(TaskForm, valid)).toEqual({});
    expect(schemaFieldErrors(TaskForm, { ...valid, task_notes: '   ' })).toEqual({});
  });

  it('says "This field is required." for every required field left empty (behaviour §5)', () => {
    expect(schemaFieldErrors(TaskForm, { location_id: null, description: '  ', recurrence_interval: null, last_completed_date: '' })).toEqual({
      location_id: 'This field is required.',
      description: 'This field is required.',
      recurrence_interval: 'This field is required.',
      last_completed_date: 'This field is required.',
    });
    expect(schemaFieldErrors(TaskForm, {})).toMatchObject({ location_id: 'This field is required.' });
  });

  it('says what is wrong with a bound, a whole number or a format, as the server does', () => {
    expect(schemaFieldErrors(TaskForm, { ...valid, recurrence_interval: 0 })).toEqual({ recurrence_interval: 'Ensure this value is greater than or equal to 1.' });
    expect(schemaFieldErrors(TaskForm, { ...valid, recurrence_interval: 4000 })).toEqual({ recurrence_interval: 'Ensure this value is less than or equal to 3650.' });
    expect(schemaFieldErrors(TaskForm, { ...valid, recurrence_interval: 1.5 })).toEqual({ recurrence_interval: 'A valid integer is required.' });
    expect(schemaFieldErrors(TaskForm, { ...valid, last_completed_date: '11/01/2026' })).toEqual({ last_completed_date: 'Invalid format.' });
    expect(schemaFieldErrors(TaskForm, { ...valid, description: 'x'.repeat(20_000) }).description).toMatch(/^Ensure this field has no more than \d+ characters\.$/);
  });
});

describe('the asset forms (behaviour §5)', () => {
  const asset = { location_id: 2, brand: '', name: 'Ice machine', description: 'Cube maker', asset_type: 'BEVERAGE', serial_number: 'HZ-1', acquisition_date: null, purchase_price: null };

  it('create: location, name, description and serial number required; date and price optional', () => {
    expect(schemaFieldErrors(AssetForm, asset)).toEqual({});
    expect(schemaFieldErrors(AssetForm, { ...asset, location_id: null, name: ' ', description: '', serial_number: '' })).toEqual({
      location_id: 'This field is required.',
      name: 'This field is required.',
      description: 'This field is required.',
      serial_number: 'This field is required.',
    });
  });

  it('update: the date and the price are required too', () => {
    expect(schemaFieldErrors(AssetUpdateForm, asset)).toEqual({ acquisition_date: 'This field is required.', purchase_price: 'This field is required.' });
    expect(schemaFieldErrors(AssetUpdateForm, { ...asset, acquisition_date: '2025-01-31', purchase_price: 0 })).toEqual({});
  });

  it('a price is at least 0 and below the server limit', () => {
    expect(schemaFieldErrors(AssetForm, { ...asset, purchase_price: -1 })).toEqual({ purchase_price: 'Ensure this value is greater than or equal to 0.' });
    expect(schemaFieldErrors(AssetForm, { ...asset, purchase_price: PRICE_LIMIT })).toEqual({ purchase_price: `Ensure this value is less than ${PRICE_LIMIT}.` });
  });
});

describe('the fill and inventory forms (quantities kept to hundredths)', () => {
  it('accept up to two decimal places and refuse more, in the server\'s words', () => {
    for (const quantity of [0.01, 0.29, 2.35, 12.5, 999_999.99]) expect(schemaFieldErrors(FillForm, { quantity }), String(quantity)).toEqual({});
    for (const quantity of [1e-300, 0.001, 2.345, 1.005]) {
      expect(schemaFieldErrors(FillForm, { quantity }), String(quantity)).toEqual({ quantity: 'Ensure that there are no more than 2 decimal places.' });
    }
    expect(schemaFieldErrors(InventoryForm, { quantity: 0 })).toEqual({});
    expect(schemaFieldErrors(InventoryForm, { quantity: 0.005 })).toEqual({ quantity: 'Ensure that there are no more than 2 decimal places.' });
    // A broken bound is said first.
    expect(schemaFieldErrors(FillForm, { quantity: 1e308 })).toEqual({ quantity: 'Ensure this value is less than 1000000.' });
    expect(schemaFieldErrors(FillForm, { quantity: -0.001 })).toEqual({ quantity: 'Ensure this value is greater than 0.' });
  });

  it('count decimal places of the number as typed', () => {
    expect(hasAtMostDecimalPlaces(0.1 + 0.2, 2)).toBe(false);
    expect(hasAtMostDecimalPlaces(0.3, 2)).toBe(true);
    expect(hasAtMostDecimalPlaces(Number('4.10'), 2)).toBe(true);
    expect(hasAtMostDecimalPlaces(5, 0)).toBe(true);
    expect(hasAtMostDecimalPlaces(Number.NaN, 2)).toBe(false);
  });
});
