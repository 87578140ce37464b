import { performance } from 'node:perf_hooks';
import type { LabelFormat } from '@vmeste/contract';
import { parcelBarcodeOf } from '@vmeste/contract';
import { expect, it } from 'vitest';
import { type ParcelLabel, renderParcelLabels } from '../apps/server/src/areas/warehouse/labels/parcel-labels.js';

/**
 * What a batch of labels costs the server: a morning's parcels (500) and a shelf (100) in both formats,
 * time and the process's resident memory before and after. Prints the figures; asserts only that each
 * PDF has one page per label.
 */
const labelsOf = (count: number): ParcelLabel[] =>
  Array.from({ length: count }, (_, i) => ({
    parcelNumber: 1000 + i,
    barcode: parcelBarcodeOf(1000 + i),
    clientName: i % 3 === 0 ? 'Константинопольская Анастасия Владимировна' : 'Иванова Мария',
    maskedPhone: '+7 (900) ***-**-04',
    orderNumbers: Array.from({ length: 1 + (i % 6) }, (_, k) => 10_000 + i * 7 + k),
    weightGrams: 350 + ((i * 137) % 9000),
    deliveryMethodTitle: 'Самовывоз',
    packedAt: new Date('2026-11-23T09:00:00Z'),
  }));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

it.each([
  [100, 'a6'],
  [500, 'a6'],
  [500, 'thermal58x40'],
] as [number, LabelFormat][])('%i labels, %s', async (count, format) => {
  await renderParcelLabels(labelsOf(1), format); // loads PDFKit, bwip-js and the font once
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const pdf = await renderParcelLabels(labelsOf(count), format);
  const ms = performance.now() - started;
  const rssAfter = process.memoryUsage().rss;
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  console.log(
    `${count} labels ${format}: ${ms.toFixed(0)} ms (${(ms / count).toFixed(2)} ms a label), ${(pdf.length / 1024).toFixed(0)} KiB, RSS ${mib(rssBefore)} → ${mib(rssAfter)}`,
  );
  expect(pages).toBe(count);
});
