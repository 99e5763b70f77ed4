/**
 * Test support: the text drawn in a PDF made by `renderSummaryPdf`, without external tools.
 * It inflates the content streams and decodes the hex strings pdfkit writes for the standard
 * fonts (`[<48656c6c6f> 20 <...>] TJ`). One string per text operation, joined with new lines.
 * It reads pdfkit's own output only; it is not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

/** Windows-1252 code points 0x80-0x9f that differ from Latin-1. */
const CP1252: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const b = parseInt(hex.slice(i, i + 2), 16);
    out += CP1252[b] ?? String.fromCharCode(b);
  }
  return out;
}

export function isPdf(buf: Buffer): boolean {
  return buf.subarray(0, 5).toString('latin1') === '%PDF-' && buf.subarray(-8).toString('latin1').includes('%%EOF');
}

export function pdfText(buf: Buffer): string {
  const raw = buf.toString('latin1');
  const parts: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(raw))) {
    const dict = m[1] ?? '';
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? NaN);
    const start = m.index + m[0].length;
    const end = Number.isFinite(length) ? start + length : raw.indexOf('endstream', start);
    let body = buf.subarray(start, end);
    if (dict.includes('/FlateDecode')) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    const opRe = /\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    let op: RegExpExecArray | null;
    while ((op = opRe.exec(content))) {
      if (op[2] !== undefined) parts.push(decodeHex(op[2]));
      else parts.push([...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? '')).join(''));
    }
    streamRe.lastIndex = end;
  }
  return parts.join('\n');
}
