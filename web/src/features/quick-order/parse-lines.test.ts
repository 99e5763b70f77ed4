import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { linesToFixCsv, parseCsvLines, parsePastedLines } from './parse-lines';

describe('parsePastedLines', () => {
  it('reads code and quantity separated by tabs, commas, spaces or semicolons; skips headers and blank lines', () => {
    const text = [
      'Item\tQty',
      'RB-BLK-0001\t4',
      '',
      '  RB-BLK-0002, 10  ',
      'CS-7;3',
      'VB-WHT-0100   2   Vertical blind white',
      'Code Quantity',
      '"RB-RED-0001","5"',
      'NO-QTY',
      'rb-blk-0001 2.5',
    ].join('\r\n');
    expect(parsePastedLines(text)).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4' },
      { itemNumber: 'RB-BLK-0002', quantity: '10' },
      { itemNumber: 'CS-7', quantity: '3' },
      { itemNumber: 'VB-WHT-0100', quantity: '2' },
      { itemNumber: 'RB-RED-0001', quantity: '5' },
      { itemNumber: 'NO-QTY', quantity: '' },
      { itemNumber: 'rb-blk-0001', quantity: '2.5' },
    ]);
  });

  it('keeps a line whose code looks like a title when a quantity follows', () => {
    expect(parsePastedLines('CODE 5')).toEqual([{ itemNumber: 'CODE', quantity: '5' }]);
  });
});

describe('parseCsvLines', () => {
  it('takes the titled columns when the first row names them', () => {
    const csv = 'Description,Item No,Qty\r\n"Roller, black",RB-BLK-0001,4\r\n,,\r\nChain,CS-7,12\r\n';
    expect(parseCsvLines(csv)).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4' },
      { itemNumber: 'CS-7', quantity: '12' },
    ]);
  });

  it('takes the first two columns without a header', () => {
    expect(parseCsvLines('\uFEFFRB-BLK-0001;4\nCS-7;1\n')).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4' },
      { itemNumber: 'CS-7', quantity: '1' },
    ]);
  });
});

describe('linesToFixCsv', () => {
  it('writes the lines still wrong with their problem, escaping formulae', () => {
    const csv = linesToFixCsv([
      {
        rows: [0],
        itemNumber: '=HYPERLINK("x")',
        quantity: '2.5',
        status: 'unknown',
        message: 'No product =HYPERLINK("x")',
        description: null,
        stock: null,
        unitPrice: null,
        dueDate: null,
        suggestions: ['RB-BLK-0001', 'RB-BLK-0002'],
      },
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(['Item', 'Qty', 'Problem', 'Nearest codes']);
    expect(rows[1]?.[0]).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]?.slice(1)).toEqual(['2.5', 'No product =HYPERLINK("x")', 'RB-BLK-0001 RB-BLK-0002']);
  });
});
