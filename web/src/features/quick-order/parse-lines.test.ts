import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { linesToFixCsv, parseCsvLines, parsePastedLines, parseSheetRows, toInput } from './parse-lines';

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
      { itemNumber: 'RB-BLK-0001', quantity: '4', row: 2 },
      { itemNumber: 'RB-BLK-0002', quantity: '10', row: 4 },
      { itemNumber: 'CS-7', quantity: '3', row: 5 },
      { itemNumber: 'VB-WHT-0100', quantity: '2', row: 6 },
      { itemNumber: 'RB-RED-0001', quantity: '5', row: 8 },
      { itemNumber: 'NO-QTY', quantity: '', row: 9 },
      { itemNumber: 'rb-blk-0001', quantity: '2.5', row: 10 },
    ]);
  });

  it('keeps a line whose code looks like a title when a quantity follows', () => {
    expect(toInput(parsePastedLines('CODE 5'))).toEqual([{ itemNumber: 'CODE', quantity: '5' }]);
  });

  it('reads a thousands separator in tab- or semicolon-separated fields', () => {
    expect(toInput(parsePastedLines('FB-LIN-0031\t1,000\nCS-7;2,500\nRB-BLK-0001\t"12,000"'))).toEqual([
      { itemNumber: 'FB-LIN-0031', quantity: '1000' },
      { itemNumber: 'CS-7', quantity: '2500' },
      { itemNumber: 'RB-BLK-0001', quantity: '12000' },
    ]);
  });

  it('leaves a comma that may be a separator for the server to flag, and reads a quoted one', () => {
    expect(toInput(parsePastedLines('FB-LIN-0031,1,000\nFB-LIN-0032 1,000\nFB-LIN-0033,"1,000"'))).toEqual([
      { itemNumber: 'FB-LIN-0031', quantity: '1,000' },
      { itemNumber: 'FB-LIN-0032', quantity: '1,000' },
      { itemNumber: 'FB-LIN-0033', quantity: '1000' },
    ]);
  });

  it('reads a Code / Description / Qty block by its header row, or by code first and the last number', () => {
    const withHeader = 'Code\tDescription\tQty\nFB-LIN-0031\tFaux linen 3 m wide\t14\nCS-7\tChain 2\t1,200';
    expect(parsePastedLines(withHeader)).toEqual([
      { itemNumber: 'FB-LIN-0031', quantity: '14', row: 2 },
      { itemNumber: 'CS-7', quantity: '1200', row: 3 },
    ]);
    const bare = 'FB-LIN-0031\tFaux linen 3 m wide\t14\n\nCS-7\tChain\t3';
    expect(parsePastedLines(bare)).toEqual([
      { itemNumber: 'FB-LIN-0031', quantity: '14', row: 1 },
      { itemNumber: 'CS-7', quantity: '3', row: 3 },
    ]);
    // Description first: the code-like field is the code.
    expect(toInput(parsePastedLines('Blackout roller\tRB-BLK-0001\t6'))).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '6' },
    ]);
  });

  it('takes the quantity column a header names, wherever it is', () => {
    expect(toInput(parsePastedLines('Qty\tItem No\tPrice\n4\tRB-BLK-0001\t12.50'))).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4' },
    ]);
  });
});

describe('parseSheetRows', () => {
  it('reads worksheet rows as a paste is read, numbering rows as the sheet does', () => {
    expect(
      parseSheetRows([['Item', 'Description', 'Qty'], [], ['RB-BLK-0001', 'Roller', '1000'], ['CS-7', '', '2']]),
    ).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '1000', row: 3 },
      { itemNumber: 'CS-7', quantity: '2', row: 4 },
    ]);
  });
});

describe('parseCsvLines', () => {
  it('takes the titled columns when the first row names them', () => {
    const csv = 'Description,Item No,Qty\r\n"Roller, black",RB-BLK-0001,4\r\n,,\r\nChain,CS-7,12\r\n';
    expect(parseCsvLines(csv)).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4', row: 2 },
      { itemNumber: 'CS-7', quantity: '12', row: 4 },
    ]);
  });

  it('takes the first two columns without a header', () => {
    expect(toInput(parseCsvLines('\uFEFFRB-BLK-0001;4\nCS-7;1,000\n'))).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '4' },
      { itemNumber: 'CS-7', quantity: '1000' },
    ]);
  });

  it('flags an unquoted thousands comma in a comma-separated file without a header', () => {
    expect(toInput(parseCsvLines('RB-BLK-0001,1,500\nCS-7,2\n'))).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '1,500' },
      { itemNumber: 'CS-7', quantity: '2' },
    ]);
  });

  it('reads a quoted thousands separator in a comma-separated file', () => {
    expect(toInput(parseCsvLines('Item,Qty\nRB-BLK-0001,"1,000"\n'))).toEqual([
      { itemNumber: 'RB-BLK-0001', quantity: '1000' },
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
