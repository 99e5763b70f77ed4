/**
 * The generic document renderer: every PDF the portal hands out (order summaries, invoice
 * summaries, account statements) is a `SummaryDocument` drawn by `renderSummaryPdf`.
 *
 * Callers pass display-ready text (money already formatted with its currency symbol, dates already
 * dd/mm/yy): this module knows nothing about orders, invoices or pricing, and it must stay that way
 * so that every document looks the same. Figures always come from the database in the caller, never
 * from a request payload (architecture.md, "Documents").
 *
 * Layout (A4 portrait, Helvetica, 40 pt margins):
 *   company name, address, email            |                     TITLE
 *   ------------------------------------------------------------------
 *   customer name, number, address lines    |  label  value  (fields)
 *   lines table (header repeated on every page; cells wrap)
 *                                            totals, right aligned
 *   footer on every page: company name, "Page i of n"
 *
 *   const pdf = await renderSummaryPdf({
 *     title: 'Order Summary',
 *     company: { name, address, email },
 *     customer: { name, customerNumber, addressLines: ['1 High St', 'Bristol', 'BS1 1AA'] },
 *     fields: [['Order No', 'SO-1001'], ['Order Date', '01/02/25']],
 *     columns: ['Item', 'No.', { header: 'Description', width: 3 }, { header: 'Total', align: 'right' }],
 *     lines: [['Item', 'RB-001', 'Roller blind', '£10.00']],
 *     totals: [['Amount', '£10.00'], ['VAT', '£2.00'], ['Invoice Total', '£12.00']],
 *   });
 */
import PDFDocument from 'pdfkit';

export interface SummaryColumn {
  header: string;
  /** Relative width against the other columns (default 1). */
  width?: number;
  /** Default 'left'. Use 'right' for figures. */
  align?: 'left' | 'right' | 'center';
}

export interface SummaryDocument {
  /** Shown top right and used as the PDF's title metadata, e.g. 'Order Summary', 'Statement'. */
  title: string;
  /** `vatNumber`, when given, is printed under the address as "VAT Reg No ..." (a VAT invoice needs it). */
  company: { name: string; address: string; email: string; vatNumber?: string };
  customer: { name: string; customerNumber: string; addressLines: string[] };
  /** Label/value pairs beside the customer block, in order (e.g. Order No, Order Date...). */
  fields: [label: string, value: string][];
  /** Table columns; a plain string is a left-aligned column of width 1. */
  columns: (SummaryColumn | string)[];
  /** Table rows, one string per column (missing cells are blank). May be empty. */
  lines: string[][];
  /** Label/value pairs under the table, right aligned; the last one is drawn bold. */
  totals: [label: string, value: string][];
  /** Optional text under the totals (e.g. payment terms). */
  note?: string;
}

/** The customer block of every summary document: the account's name, number and address lines. */
export function documentCustomer(account: {
  name: string;
  customer_number: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  postcode: string;
  country: string;
}): SummaryDocument['customer'] {
  const { address1, address2, city, county, postcode, country } = account;
  return {
    name: account.name,
    customerNumber: account.customer_number,
    addressLines: [address1, address2, city, county, postcode, country],
  };
}

/** The supplier block of every summary document, from the site settings. */
export function documentCompany(site: {
  'company.name': string;
  'company.address': string;
  'support.email': string;
}): SummaryDocument['company'] {
  return { name: site['company.name'], address: site['company.address'], email: site['support.email'] };
}

export interface RenderOptions {
  /** pdfkit stream compression; tests turn it off to read the content streams. Default true. */
  compress?: boolean;
  /** Fixed creation date for reproducible output. Default: now. */
  creationDate?: Date;
}

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const HEADER_FILL = '#f1f5f9';
const STRIPE_FILL = '#f9fafb';
const CELL_PAD = 3;
const TABLE_FONT_SIZE = 8;

/**
 * The standard PDF fonts only carry WinAnsi (Windows-1252) glyphs. Anything else (emoji, CJK...)
 * is replaced with '?' rather than drawn as the wrong glyph.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0x3f;
    if (c === 0x09 || c === 0x0a) out += ch === '\t' ? ' ' : ch;
    else if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (c === 0x0d) continue;
    else out += '?';
  }
  return out;
}

function normaliseColumns(columns: (SummaryColumn | string)[]): Required<SummaryColumn>[] {
  return columns.map((c) =>
    typeof c === 'string'
      ? { header: c, width: 1, align: 'left' }
      : { header: c.header, width: c.width ?? 1, align: c.align ?? 'left' },
  );
}

/** Renders a summary document to a complete PDF file in memory. */
export function renderSummaryPdf(input: SummaryDocument, options: RenderOptions = {}): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: toWinAnsi(input.title),
      Author: toWinAnsi(input.company.name),
      Creator: 'Wholesale Portal',
      CreationDate: options.creationDate ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    draw(pdf, input);
    pdf.end();
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return done;
}

function draw(pdf: PDFKit.PDFDocument, input: SummaryDocument): void {
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const right = left + width;
  const t = toWinAnsi;

  // Header: company on the left, title on the right.
  const top = MARGIN;
  pdf
    .fillColor(INK)
    .font(BOLD)
    .fontSize(16)
    .text(t(input.company.name), left, top, { width: width * 0.6 });
  pdf.font(FONT).fontSize(9).fillColor(MUTED);
  if (input.company.address) pdf.text(t(input.company.address), { width: width * 0.6 });
  if (input.company.email) pdf.text(t(input.company.email), { width: width * 0.6 });
  if (input.company.vatNumber) pdf.text(t(`VAT Reg No ${input.company.vatNumber}`), { width: width * 0.6 });
  const companyBottom = pdf.y;
  pdf
    .fillColor(INK)
    .font(BOLD)
    .fontSize(18)
    .text(t(input.title), left + width * 0.6, top, { width: width * 0.4, align: 'right' });
  let y = Math.max(companyBottom, pdf.y) + 10;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
  y += 12;

  // Customer block (left) and fields (right).
  const half = width / 2;
  pdf
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text('CUSTOMER', left, y, { width: half - 10 });
  pdf
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(t(input.customer.name), { width: half - 10 });
  pdf.font(FONT).fontSize(9);
  if (input.customer.customerNumber) pdf.text(`Customer No. ${t(input.customer.customerNumber)}`, { width: half - 10 });
  for (const line of input.customer.addressLines) if (line.trim()) pdf.text(t(line), { width: half - 10 });
  const customerBottom = pdf.y;

  let fy = y;
  const labelWidth = half * 0.45;
  const valueX = left + half + labelWidth;
  const valueWidth = half - labelWidth;
  for (const [label, value] of input.fields) {
    pdf.font(FONT).fontSize(9).fillColor(MUTED);
    const lh = pdf.heightOfString(t(label), { width: labelWidth - 6 });
    pdf.text(t(label), left + half, fy, { width: labelWidth - 6 });
    pdf.font(BOLD).fillColor(INK);
    const vh = pdf.heightOfString(t(value) || ' ', { width: valueWidth, align: 'right' });
    pdf.text(t(value) || ' ', valueX, fy, { width: valueWidth, align: 'right' });
    fy += Math.max(lh, vh) + 3;
  }
  y = Math.max(customerBottom, fy) + 16;

  // Lines table.
  const cols = normaliseColumns(input.columns);
  const weight = cols.reduce((a, c) => a + c.width, 0) || 1;
  const widths = cols.map((c) => (c.width / weight) * width);
  const xs = widths.reduce<number[]>((acc, w, i) => [...acc, (acc[i] ?? left) + w], [left]);
  const bottomLimit = () => pdf.page.height - MARGIN - 24;

  const rowHeight = (cells: string[], font: string) => {
    pdf.font(font).fontSize(TABLE_FONT_SIZE);
    let h = 0;
    cols.forEach((c, i) => {
      const text = t(cells[i] ?? '');
      h = Math.max(h, pdf.heightOfString(text || ' ', { width: (widths[i] ?? 0) - 2 * CELL_PAD, align: c.align }));
    });
    return h + 2 * CELL_PAD;
  };
  const drawRow = (cells: string[], font: string, fill: string | null) => {
    const h = rowHeight(cells, font);
    if (fill) pdf.rect(left, y, width, h).fillColor(fill).fill();
    pdf.font(font).fontSize(TABLE_FONT_SIZE).fillColor(INK);
    cols.forEach((c, i) => {
      pdf.text(t(cells[i] ?? ''), (xs[i] ?? left) + CELL_PAD, y + CELL_PAD, {
        width: (widths[i] ?? 0) - 2 * CELL_PAD,
        align: c.align,
      });
    });
    y += h;
    pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  };
  const headers = cols.map((c) => c.header);
  const drawHeader = () => drawRow(headers, BOLD, HEADER_FILL);

  if (cols.length > 0) {
    drawHeader();
    input.lines.forEach((cells, index) => {
      if (y + rowHeight(cells, FONT) > bottomLimit()) {
        pdf.addPage();
        y = MARGIN;
        drawHeader();
      }
      drawRow(cells, FONT, index % 2 === 1 ? STRIPE_FILL : null);
    });
    if (input.lines.length === 0) {
      pdf
        .font(FONT)
        .fontSize(9)
        .fillColor(MUTED)
        .text('No lines', left + CELL_PAD, y + CELL_PAD, { width });
      y = pdf.y + CELL_PAD;
    }
  }

  // Totals, right aligned; the last one bold.
  y += 10;
  const totalsLabelX = left + width * 0.5;
  const totalsLabelWidth = width * 0.3;
  const totalsValueWidth = width * 0.2;
  input.totals.forEach(([label, value], i) => {
    const last = i === input.totals.length - 1;
    if (y + 16 > bottomLimit()) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf
      .font(last ? BOLD : FONT)
      .fontSize(last ? 11 : 9)
      .fillColor(INK);
    pdf.text(t(label), totalsLabelX, y, { width: totalsLabelWidth, align: 'right', lineBreak: false });
    pdf.text(t(value), totalsLabelX + totalsLabelWidth, y, {
      width: totalsValueWidth,
      align: 'right',
      lineBreak: false,
    });
    y += last ? 16 : 13;
  });

  if (input.note) {
    y += 8;
    if (y + 30 > bottomLimit()) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf.font(FONT).fontSize(8).fillColor(MUTED).text(t(input.note), left, y, { width });
  }

  // Footer on every page. Drawn below the bottom margin, so lift the margin while writing it.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const fy2 = pdf.page.height - MARGIN + 6;
    pdf.font(FONT).fontSize(8).fillColor(MUTED);
    pdf.text(t(input.company.name), left, fy2, { width: width / 2, lineBreak: false });
    pdf.text(`Page ${i - range.start + 1} of ${range.count}`, left + width / 2, fy2, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottomMargin;
  }
}
