/**
 * Product pictures drawn as small SVGs: one recognisable drawing per product type (a roller
 * blind, venetian slats, roman folds, a motor, a pole...) tinted by the product's colour, with the
 * item number as text. Type 0 is the ~120x120 thumbnail, type 1 the ~800x600 large image.
 */
import type { DrawingKind } from './catalogue.js';

export const SVG = 'image/svg+xml';

const HARDWARE = '#9aa0a6';

/** A darker shade of a #rrggbb colour, for outlines and shadows. */
export function shade(hex: string, factor = 0.7): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) =>
    Math.round(v * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

/** The drawing in a 100x100 box (y 8..80), leaving room for the label underneath. */
function drawing(kind: DrawingKind, c: string): string {
  const d = shade(c);
  const parts: string[] = [];
  switch (kind) {
    case 'roller':
      parts.push(
        `<rect x="18" y="8" width="64" height="7" rx="3.5" fill="${HARDWARE}"/>`,
        `<rect x="21" y="15" width="58" height="56" fill="${c}" stroke="${d}" stroke-width=".6"/>`,
        `<rect x="19" y="70" width="62" height="4" rx="2" fill="${d}"/>`,
        `<path d="M84 12v54" stroke="#666" stroke-width=".8" stroke-dasharray="1.4 .9"/>`,
      );
      break;
    case 'vertical':
      parts.push(`<rect x="14" y="8" width="72" height="5" rx="2" fill="${HARDWARE}"/>`);
      for (let i = 0; i < 8; i++)
        parts.push(
          `<rect x="${16 + i * 8.6}" y="14" width="6.6" height="64" fill="${c}" stroke="${d}" stroke-width=".5"/>`,
        );
      break;
    case 'venetian':
      parts.push(`<rect x="16" y="8" width="68" height="5" rx="2" fill="${HARDWARE}"/>`);
      for (let i = 0; i < 12; i++)
        parts.push(
          `<rect x="18" y="${15 + i * 5.2}" width="64" height="3.4" rx="1.7" fill="${c}" stroke="${d}" stroke-width=".4"/>`,
        );
      parts.push(`<path d="M32 13v64M68 13v64" stroke="${d}" stroke-width=".6"/>`);
      break;
    case 'roman':
      parts.push(`<rect x="16" y="8" width="68" height="6" rx="2" fill="${HARDWARE}"/>`);
      for (let i = 0; i < 5; i++) {
        const y = 14 + i * 11.5;
        parts.push(`<path d="M19 ${y}h62v10q-31 7-62 0z" fill="${c}" stroke="${d}" stroke-width=".6"/>`);
      }
      break;
    case 'pleated': {
      const fold = shade(c, 0.84);
      parts.push(`<rect x="18" y="8" width="64" height="5" rx="1.5" fill="${HARDWARE}"/>`);
      for (let i = 0; i < 14; i++)
        parts.push(`<rect x="20" y="${13 + i * 4.5}" width="60" height="4.5" fill="${i % 2 ? fold : c}"/>`);
      parts.push(`<rect x="18" y="76" width="64" height="3" rx="1.5" fill="${HARDWARE}"/>`);
      break;
    }
    case 'component':
      parts.push(
        `<path d="M24 14h18v48h34v14H24z" fill="${c}" stroke="${d}" stroke-width="1"/>`,
        `<circle cx="33" cy="26" r="4" fill="#fff" stroke="${d}"/>`,
        `<circle cx="33" cy="50" r="4" fill="#fff" stroke="${d}"/>`,
        `<circle cx="62" cy="69" r="4" fill="#fff" stroke="${d}"/>`,
      );
      break;
    case 'track':
      parts.push(
        `<rect x="10" y="14" width="80" height="6" rx="3" fill="${c}" stroke="${d}" stroke-width=".6"/>`,
        `<circle cx="10" cy="17" r="5.5" fill="${d}"/><circle cx="90" cy="17" r="5.5" fill="${d}"/>`,
        `<path d="M22 22q3 28 0 56h14q-3-28 0-56zM40 22q3 28 0 56h14q-3-28 0-56zM58 22q3 28 0 56h14q-3-28 0-56z" fill="${c}" fill-opacity=".55" stroke="${d}" stroke-width=".5"/>`,
      );
      for (let i = 0; i < 6; i++)
        parts.push(`<circle cx="${24 + i * 10.5}" cy="17" r="4" fill="none" stroke="${d}" stroke-width="1.2"/>`);
      break;
    case 'motor':
      parts.push(
        `<rect x="10" y="22" width="66" height="18" rx="9" fill="${c}" stroke="${d}" stroke-width=".8"/>`,
        `<rect x="76" y="19" width="10" height="24" rx="2" fill="${d}"/>`,
        `<path d="M86 31q10 0 8 14t-10 16" fill="none" stroke="#444" stroke-width="1.4"/>`,
        `<rect x="34" y="50" width="16" height="28" rx="4" fill="#333"/>`,
        `<circle cx="42" cy="58" r="2.6" fill="${c}"/><circle cx="42" cy="66" r="2" fill="#bbb"/><circle cx="42" cy="72" r="2" fill="#bbb"/>`,
      );
      break;
    case 'fabric':
      parts.push(
        `<rect x="18" y="10" width="64" height="68" fill="${c}" stroke="${d}" stroke-width=".6"/>`,
        `<path d="M18 30h64M18 50h64M38 10v68M60 10v68" stroke="${d}" stroke-opacity=".35" stroke-width=".8"/>`,
        `<path d="M64 78l18-18v18z" fill="${d}"/>`,
      );
      break;
  }
  return parts.join('');
}

export interface ImageInput {
  kind: DrawingKind;
  colour: string;
  label: string;
  /** Shown on the large image under the label. */
  caption?: string;
}

export function thumbnailSvg(p: ImageInput): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="#fff"/>${drawing(p.kind, p.colour)}` +
    `<text x="50" y="93" font-family="Arial,Helvetica,sans-serif" font-size="9" text-anchor="middle" fill="#333">${escapeXml(p.label)}</text></svg>`
  );
}

export function largeSvg(p: ImageInput): string {
  const caption = p.caption
    ? `<text x="50" y="96" font-family="Arial,Helvetica,sans-serif" font-size="3.6" text-anchor="middle" fill="#555">${escapeXml(p.caption)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="-16.67 0 133.34 100">` +
    `<rect x="-16.67" width="133.34" height="100" fill="#fff"/>${drawing(p.kind, p.colour)}` +
    `<text x="50" y="89" font-family="Arial,Helvetica,sans-serif" font-size="6" text-anchor="middle" fill="#333">${escapeXml(p.label)}</text>${caption}</svg>`
  );
}

/** Both image types for one product, as stored (Buffer). */
export function productImages(p: ImageInput): [Buffer, Buffer] {
  return [Buffer.from(thumbnailSvg(p)), Buffer.from(largeSvg(p))];
}

/** For big catalogues: a few shared pictures per type instead of one per product. */
export const SHARED_PALETTE = ['#36454f', '#a9c8c0', '#c49a6c', '#1f2f4f', '#c0623d', '#b9ad98'];
