/**
 * Test support: the text drawn in a PDF made by `renderSummaryPdf`, without external tools.
 * It inflates the content streams and decodes the hex strings pdfkit writes for the standard
 * fonts (`[<48656c6c6f> 20 <...>] TJ`). One string per text operation, joined with new lines.
 * It reads pdfkit's own output only; it is not a general PDF parser.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/**
 * The PDF as poppler's pdftotext lays it out (a real PDF reader, `-layout`: a label and its value
 * stay on one line), or null when pdftotext is not installed (the caller says so and skips).
 */
export function pdftotextLayout(buf: Buffer): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, buf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether poppler's pdftotext is on the PATH. */
export function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The totals block under the lines table: each label with its value, read from the layout text. */
export function labelledValues(layout: string, labels: readonly string[]): Record<string, string | undefined> {
  const lines = layout.split('\n');
  const out: Record<string, string | undefined> = {};
  for (const label of labels) {
    const re = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s{2,}(\\S+)\\s*$`);
    out[label] = lines.map((l) => re.exec(l)?.[1]).findLast((v) => v !== undefined);
  }
  return out;
}
