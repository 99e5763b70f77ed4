import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSummaryPdf, toWinAnsi, type SummaryDocument } from './summary-pdf.js';
import { isPdf, pdfText } from '../test/pdf-text.js';

const sample = (lines = 3): SummaryDocument => ({
  title: 'Order Summary',
  company: {
    name: 'Harbour Home Trade',
    address: 'Unit 4, Quayside Business Park, Bristol BS1 6AA',
    email: 'support@example.test',
  },
  customer: {
    name: 'Acme Blinds Ltd',
    customerNumber: 'C00042',
    addressLines: ['1 High Street', '', 'Bristol', 'BS1 1AA'],
  },
  fields: [
    ['Order No', 'SO-123456'],
    ['Order Date', '01/02/25'],
    ['Invoice Total', '€1,234.50'],
  ],
  columns: ['Item', 'No.', { header: 'Description', width: 3 }, { header: 'Total', align: 'right' }],
  lines: Array.from({ length: lines }, (_, i) => [
    'Item',
    `RB-${String(i).padStart(4, '0')}`,
    `Roller blind number ${i}`,
    '£10.00',
  ]),
  totals: [
    ['Amount', '£30.00'],
    ['VAT', '£6.00'],
    ['Invoice Total', '£36.00'],
  ],
});

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('renderSummaryPdf', () => {
  it('makes a valid PDF whose text names the document, customer, fields, lines and totals', async () => {
    const pdf = await renderSummaryPdf(sample(), { compress: false });
    expect(isPdf(pdf)).toBe(true);
    // Uncompressed, the order number is in the bytes (as pdfkit's hex text string).
    expect(pdf.toString('latin1')).toContain(Buffer.from('SO-123456', 'latin1').toString('hex'));
    const text = pdfText(pdf);
    for (const s of [
      'Order Summary',
      'Harbour Home Trade',
      'Acme Blinds Ltd',
      'Customer No. C00042',
      'SO-123456',
      '€1,234.50',
      'RB-0002',
      'Invoice Total',
      '£36.00',
      'Page 1 of 1',
    ])
      expect(text).toContain(s);
  });

  it('reads the same with compression on', async () => {
    const pdf = await renderSummaryPdf(sample());
    expect(isPdf(pdf)).toBe(true);
    expect(pdfText(pdf)).toContain('SO-123456');
  });

  const poppler = hasPdftotext();
  if (!poppler)
    console.warn(
      "SKIPPED: poppler's pdftotext is not installed (apt-get install poppler-utils); the compressed PDF is not read by a real PDF reader",
    );
  it.skipIf(!poppler)('reads as text in poppler (a real PDF reader), compressed', async () => {
    const pdf = await renderSummaryPdf(sample());
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(text).toContain('SO-123456');
    expect(text).toContain('£36.00');
  });

  it('breaks long tables over pages, repeating the header and numbering every page', async () => {
    const pdf = await renderSummaryPdf(sample(120), { compress: false });
    const text = pdfText(pdf);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('\n').filter((l) => l === 'Description')).toHaveLength(pages);
    expect(text).toContain('RB-0119');
  });

  it('renders an empty table and replaces characters the standard font cannot draw', async () => {
    const doc = { ...sample(0), customer: { name: 'Café 😀 Ltd', customerNumber: 'C1', addressLines: [] } };
    const text = pdfText(await renderSummaryPdf(doc, { compress: false }));
    expect(text).toContain('No lines');
    expect(text).toContain('Café ? Ltd');
    expect(toWinAnsi('a\tb€\u4e2d')).toBe('a b€?');
  });
});
