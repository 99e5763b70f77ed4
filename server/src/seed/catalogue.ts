/**
 * The demo catalogue: product types and ranges a blinds and home-decor supplier sells, and a
 * generator that turns them into any number of realistic products. Pure; no I/O.
 */
import { divRound } from '../domain/money.js';
import { discountPriceE5 } from '../domain/pricing.js';
import { hashString, type Rng } from './random.js';

export type Unit = 'EACH' | 'METRE' | 'PACK' | 'ROLL';
export type DrawingKind =
  'roller' | 'vertical' | 'venetian' | 'roman' | 'pleated' | 'component' | 'track' | 'motor' | 'fabric';
type StockProfile = 'blind' | 'fabric' | 'hardware' | 'component' | 'motor';

export const COLOURS: Record<string, string> = {
  Charcoal: '#36454f',
  'Dove Grey': '#a9a9a9',
  Ivory: '#efe8d4',
  White: '#f2f2ee',
  Navy: '#1f2f4f',
  'Duck Egg': '#a9c8c0',
  Sage: '#9caf88',
  Ochre: '#c9932e',
  Teal: '#1f6f78',
  'Blush Pink': '#e0a9ae',
  Slate: '#5b6770',
  Mocha: '#7b5a44',
  Cream: '#e9dfc2',
  Black: '#1d1d1d',
  Silver: '#b8bcc4',
  Stone: '#b9ad98',
  Mustard: '#d1a531',
  Plum: '#6b3a5b',
  'Forest Green': '#2f5d3a',
  Terracotta: '#c0623d',
  Oyster: '#d3c9b8',
  Graphite: '#484a4f',
  Linen: '#ddd2bd',
  Berry: '#8c2f4c',
  'Sky Blue': '#8ab8d8',
  Latte: '#c2a27f',
  Pewter: '#8d9093',
  'Burnt Orange': '#c8602b',
  Mint: '#a9d6bb',
  Champagne: '#e0cfa6',
  'Natural Oak': '#c49a6c',
  Walnut: '#5d4030',
  'White Painted': '#efede6',
  'Grey Wash': '#a39e95',
  Ebony: '#3b2f2a',
  Cherry: '#8e3b2a',
  'Light Oak': '#d8b98a',
  'Golden Oak': '#b8843f',
  'Satin Steel': '#b0b5ba',
  'Brushed Nickel': '#a7a9a6',
  'Antique Brass': '#9c7a3c',
  'Matt Black': '#262626',
  Chrome: '#ccd1d6',
  Bronze: '#7c5a3a',
  Anthracite: '#3a3d40',
  Clear: '#d8e6ee',
  Beige: '#d8c7a6',
  Grey: '#8a8a8a',
  Brown: '#6b4a33',
  Zinc: '#aab0b5',
};

const FABRIC_COLOURS = [
  'Charcoal',
  'Dove Grey',
  'Ivory',
  'White',
  'Navy',
  'Duck Egg',
  'Sage',
  'Ochre',
  'Teal',
  'Blush Pink',
  'Slate',
  'Mocha',
  'Cream',
  'Black',
  'Silver',
  'Stone',
  'Mustard',
  'Plum',
  'Forest Green',
  'Terracotta',
  'Oyster',
  'Graphite',
  'Linen',
  'Berry',
  'Sky Blue',
  'Latte',
  'Pewter',
  'Burnt Orange',
  'Mint',
  'Champagne',
];
const SLAT_COLOURS = [
  'White',
  'Silver',
  'Black',
  'Anthracite',
  'Cream',
  'Dove Grey',
  'Navy',
  'Sage',
  'Ochre',
  'Teal',
  'Charcoal',
  'Champagne',
  'Brushed Nickel',
  'Chrome',
  'Plum',
  'Sky Blue',
];
const WOODS = ['Natural Oak', 'Walnut', 'White Painted', 'Grey Wash', 'Ebony', 'Cherry', 'Light Oak', 'Golden Oak'];
const METALS = ['Satin Steel', 'Brushed Nickel', 'Antique Brass', 'Matt Black', 'Chrome', 'Bronze', 'White', 'Pewter'];
const FITTING_COLOURS = ['White', 'Black', 'Grey', 'Beige', 'Brown', 'Clear', 'Anthracite', 'Chrome'];
const COLLECTIONS = [
  'Aria',
  'Belmont',
  'Carlton',
  'Dalton',
  'Everest',
  'Fairford',
  'Glenmore',
  'Hartley',
  'Kendal',
  'Lyndhurst',
];
const BLIND_WIDTHS = ['60', '90', '120', '150', '180'];
const BLIND_DROPS = ['120', '160', '210'];

export interface RangeDef {
  code: string;
  name: string;
  weight: number;
  unit: Unit;
  packs: readonly number[];
  /** GBP list price range in pence, or for small components (`fine`) in e5 (3-5 decimals). */
  price: readonly [number, number];
  fine?: boolean;
  stock: StockProfile;
  attrs: readonly (readonly string[])[];
  text: (v: readonly string[]) => string;
}

export interface TypeDef {
  code: string;
  name: string;
  drawing: DrawingKind;
  ranges: readonly RangeDef[];
}

const s = (v: readonly string[], i: number): string => v[i] ?? '';

export const CATALOGUE: readonly TypeDef[] = [
  {
    code: 'RB',
    name: 'Roller Blinds',
    drawing: 'roller',
    ranges: [
      {
        code: 'RB-BLK',
        name: 'Blackout Roller Fabrics',
        weight: 3,
        unit: 'METRE',
        packs: [1],
        price: [650, 2400],
        stock: 'fabric',
        attrs: [COLLECTIONS, FABRIC_COLOURS, ['200', '240', '300']],
        text: (v) => `Roller blind fabric ${s(v, 0)} Blackout ${s(v, 1)} ${s(v, 2)}cm wide`,
      },
      {
        code: 'RB-DIM',
        name: 'Dim-out Roller Fabrics',
        weight: 2,
        unit: 'METRE',
        packs: [1],
        price: [550, 1900],
        stock: 'fabric',
        attrs: [COLLECTIONS, FABRIC_COLOURS, ['200', '240', '300']],
        text: (v) => `Roller blind fabric ${s(v, 0)} Dim-out ${s(v, 1)} ${s(v, 2)}cm wide`,
      },
      {
        code: 'RB-SUN',
        name: 'Sunscreen Roller Fabrics',
        weight: 2,
        unit: 'METRE',
        packs: [1],
        price: [900, 2900],
        stock: 'fabric',
        attrs: [['1', '3', '5', '10'], FABRIC_COLOURS, ['200', '250', '300']],
        text: (v) => `Sunscreen roller fabric ${s(v, 0)}% openness ${s(v, 1)} ${s(v, 2)}cm wide`,
      },
      {
        code: 'RB-PVC',
        name: 'Wipeable PVC Roller Fabrics',
        weight: 1,
        unit: 'METRE',
        packs: [1],
        price: [700, 1600],
        stock: 'fabric',
        attrs: [FABRIC_COLOURS, ['200', '240']],
        text: (v) => `Wipeable PVC roller fabric ${s(v, 0)} ${s(v, 1)}cm wide`,
      },
      {
        code: 'RB-RMD',
        name: 'Ready-made Roller Blinds',
        weight: 2,
        unit: 'EACH',
        packs: [1],
        price: [1800, 6500],
        stock: 'blind',
        attrs: [['Blackout', 'Dim-out', 'Sunscreen'], FABRIC_COLOURS, BLIND_WIDTHS, BLIND_DROPS],
        text: (v) => `Ready-made roller blind ${s(v, 0)} ${s(v, 1)} ${s(v, 2)} x ${s(v, 3)}cm`,
      },
      {
        code: 'RB-TUB',
        name: 'Roller Tubes',
        weight: 1,
        unit: 'EACH',
        packs: [1, 1, 10],
        price: [450, 2800],
        stock: 'hardware',
        attrs: [
          ['25', '32', '38', '45', '55'],
          ['3.0', '5.8', '6.0'],
          ['Silver', 'White'],
        ],
        text: (v) => `Aluminium roller tube ${s(v, 0)}mm x ${s(v, 1)}m ${s(v, 2).toLowerCase()}`,
      },
      {
        code: 'RB-BRK',
        name: 'Roller Brackets',
        weight: 1,
        unit: 'EACH',
        packs: [1, 5, 10],
        price: [180, 1450],
        stock: 'component',
        attrs: [
          ['25', '32', '38', '45'],
          ['face-fix', 'side-fix', 'top-fix', 'dual-fix'],
          ['White', 'Black', 'Chrome', 'Anthracite'],
        ],
        text: (v) => `Roller bracket ${s(v, 0)}mm ${s(v, 1)} ${s(v, 2)} pair`,
      },
      {
        code: 'RB-CHN',
        name: 'Roller Chains & Controls',
        weight: 1,
        unit: 'EACH',
        packs: [1, 10, 25],
        price: [85, 950],
        stock: 'component',
        attrs: [
          ['Continuous plastic chain', 'Continuous metal chain', 'Control unit 38mm with chain'],
          ['White', 'Black', 'Grey', 'Chrome', 'Brushed Nickel'],
          ['1000', '1500', '2000', '2500', '3000'],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)} ${s(v, 2)}mm drop`,
      },
      {
        code: 'RB-BAR',
        name: 'Roller Bottom Bars',
        weight: 1,
        unit: 'EACH',
        packs: [1, 10],
        price: [240, 1200],
        stock: 'hardware',
        attrs: [
          ['Oval', 'Flat', 'Teardrop', 'Weighted round'],
          ['White', 'Silver', 'Black', 'Anthracite', 'Champagne'],
          ['2.0', '3.0', '5.8'],
        ],
        text: (v) => `${s(v, 0)} roller bottom bar ${s(v, 1)} ${s(v, 2)}m`,
      },
    ],
  },
  {
    code: 'VB',
    name: 'Vertical Blinds',
    drawing: 'vertical',
    ranges: [
      {
        code: 'VB-89L',
        name: 'Vertical Louvres 89mm',
        weight: 2,
        unit: 'PACK',
        packs: [1],
        price: [1100, 3900],
        stock: 'blind',
        attrs: [COLLECTIONS, FABRIC_COLOURS, ['1500', '2000', '2500']],
        text: (v) => `Vertical louvre 89mm ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}mm drop pack of 10`,
      },
      {
        code: 'VB-127',
        name: 'Vertical Louvres 127mm',
        weight: 1,
        unit: 'PACK',
        packs: [1],
        price: [1400, 4600],
        stock: 'blind',
        attrs: [COLLECTIONS, FABRIC_COLOURS, ['1500', '2000', '2500']],
        text: (v) => `Vertical louvre 127mm ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}mm drop pack of 10`,
      },
      {
        code: 'VB-HRL',
        name: 'Vertical Headrails',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [1200, 5200],
        stock: 'hardware',
        attrs: [
          ['cord & chain', 'wand-operated', 'split-draw', 'motorised-ready'],
          ['White', 'Silver', 'Anthracite'],
          ['2000', '3000', '4000', '6000'],
        ],
        text: (v) => `Vertical headrail ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}mm`,
      },
      {
        code: 'VB-WGT',
        name: 'Vertical Weights & Chains',
        weight: 1,
        unit: 'EACH',
        packs: [50, 100, 200],
        price: [350, 2200],
        stock: 'component',
        attrs: [
          ['Encapsulated weight 89mm', 'Encapsulated weight 127mm', 'Bottom connecting chain', 'Louvre hanger'],
          ['White', 'Clear', 'Grey', 'Beige'],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
    ],
  },
  {
    code: 'VN',
    name: 'Venetian Blinds',
    drawing: 'venetian',
    ranges: [
      {
        code: 'VN-A25',
        name: 'Aluminium Venetian 25mm',
        weight: 2,
        unit: 'EACH',
        packs: [1],
        price: [1500, 5200],
        stock: 'blind',
        attrs: [SLAT_COLOURS, BLIND_WIDTHS, BLIND_DROPS],
        text: (v) => `Aluminium venetian blind 25mm ${s(v, 0)} ${s(v, 1)} x ${s(v, 2)}cm`,
      },
      {
        code: 'VN-A50',
        name: 'Aluminium Venetian 50mm',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [2200, 6900],
        stock: 'blind',
        attrs: [SLAT_COLOURS, BLIND_WIDTHS, BLIND_DROPS],
        text: (v) => `Aluminium venetian blind 50mm ${s(v, 0)} ${s(v, 1)} x ${s(v, 2)}cm`,
      },
      {
        code: 'VN-W50',
        name: 'Wood Venetian 50mm',
        weight: 2,
        unit: 'EACH',
        packs: [1],
        price: [3900, 12900],
        stock: 'blind',
        attrs: [WOODS, ['with tapes', 'with cord ladder'], BLIND_WIDTHS, BLIND_DROPS],
        text: (v) => `Wood venetian blind 50mm ${s(v, 0)} ${s(v, 1)} ${s(v, 2)} x ${s(v, 3)}cm`,
      },
      {
        code: 'VN-F50',
        name: 'Faux Wood Venetian 50mm',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [2600, 7900],
        stock: 'blind',
        attrs: [WOODS, BLIND_WIDTHS, BLIND_DROPS],
        text: (v) => `Faux wood venetian blind 50mm ${s(v, 0)} ${s(v, 1)} x ${s(v, 2)}cm`,
      },
      {
        code: 'VN-LDR',
        name: 'Venetian Ladders & Tapes',
        weight: 1,
        unit: 'ROLL',
        packs: [1],
        price: [650, 4800],
        stock: 'component',
        attrs: [
          ['Ladder cord 25mm', 'Ladder cord 50mm', 'Ladder tape 38mm', 'Ladder tape 25mm'],
          [...SLAT_COLOURS.slice(0, 8), ...WOODS.slice(0, 4)],
          ['50', '100'],
        ],
        text: (v) => `Venetian ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}m reel`,
      },
    ],
  },
  {
    code: 'RM',
    name: 'Roman Blinds',
    drawing: 'roman',
    ranges: [
      {
        code: 'RM-KIT',
        name: 'Roman Blind Kits',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [1600, 5900],
        stock: 'hardware',
        attrs: [
          ['cord-operated', 'chain-operated', 'motorised-ready', 'cordless spring'],
          ['White', 'Silver'],
          ['900', '1200', '1500', '1800', '2400'],
        ],
        text: (v) => `Roman blind headrail kit ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}mm`,
      },
      {
        code: 'RM-FAB',
        name: 'Roman Blind Fabrics',
        weight: 2,
        unit: 'METRE',
        packs: [1],
        price: [1100, 3400],
        stock: 'fabric',
        attrs: [COLLECTIONS, ['linen-look', 'herringbone', 'boucle', 'velvet', 'cotton panama'], FABRIC_COLOURS],
        text: (v) => `Roman blind fabric ${s(v, 0)} ${s(v, 1)} ${s(v, 2)} 140cm wide`,
      },
      {
        code: 'RM-ROD',
        name: 'Roman Rods & Rings',
        weight: 1,
        unit: 'EACH',
        packs: [10, 25, 100],
        price: [180, 1600],
        stock: 'component',
        attrs: [
          [
            'Fibreglass rod 6mm x 1500mm',
            'Fibreglass rod 6mm x 2000mm',
            'Brass-effect ring 12mm',
            'Nylon ring 12mm',
            'Rod pocket tape 38mm',
            'Weight bar 12 x 3mm',
          ],
          ['White', 'Clear', 'Cream'],
        ],
        text: (v) => `Roman ${s(v, 0)} ${s(v, 1)}`,
      },
    ],
  },
  {
    code: 'PL',
    name: 'Pleated Blinds',
    drawing: 'pleated',
    ranges: [
      {
        code: 'PL-FAB',
        name: 'Pleated Fabrics',
        weight: 2,
        unit: 'METRE',
        packs: [1],
        price: [900, 2600],
        stock: 'fabric',
        attrs: [['blackout', 'translucent', 'thermal honeycomb', 'day & night'], FABRIC_COLOURS, ['120', '200', '240']],
        text: (v) => `Pleated fabric 20mm ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}cm wide`,
      },
      {
        code: 'PL-PFF',
        name: 'Perfect Fit Pleated Frames',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [1400, 3800],
        stock: 'blind',
        attrs: [
          ['White', 'Anthracite', 'Golden Oak', 'Black', 'Silver'],
          ['400', '600', '800', '1000', '1200'],
          ['600', '900', '1200', '1500'],
        ],
        text: (v) => `Perfect Fit pleated frame ${s(v, 0)} ${s(v, 1)} x ${s(v, 2)}mm`,
      },
      {
        code: 'PL-CRD',
        name: 'Pleated Cords & Cord Locks',
        weight: 1,
        unit: 'EACH',
        packs: [10, 50, 100],
        price: [120, 1400],
        stock: 'component',
        attrs: [
          ['Cord lock', 'Cord end weight', 'Tension cord 0.9mm 100m', 'Tension cord 1.2mm 100m', 'Cord guide'],
          FITTING_COLOURS.slice(0, 6),
        ],
        text: (v) => `Pleated ${s(v, 0)} ${s(v, 1)}`,
      },
    ],
  },
  {
    code: 'CS',
    name: 'Components & Spares',
    drawing: 'component',
    ranges: [
      {
        code: 'CS-SAF',
        name: 'Cord Safety Devices',
        weight: 1,
        unit: 'EACH',
        packs: [10, 25, 50, 100],
        price: [4500, 42000],
        fine: true,
        stock: 'component',
        attrs: [
          [
            'Child safety cord cleat',
            'Chain tensioner',
            'Breakaway chain connector',
            'P-clip chain retainer',
            'Safety cord tidy',
          ],
          FITTING_COLOURS,
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
      {
        code: 'CS-FIX',
        name: 'Fixings & Screws',
        weight: 2,
        unit: 'EACH',
        packs: [100, 200, 500],
        price: [1250, 9900],
        fine: true,
        stock: 'component',
        attrs: [
          ['Pozi countersunk screw', 'Pan head screw', 'Plasterboard fixing', 'Frame fixing', 'Wall plug'],
          ['3.5 x 25mm', '4 x 30mm', '4 x 40mm', '5 x 50mm', '6 x 60mm'],
          ['zinc', 'white', 'black', 'stainless'],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)} ${s(v, 2)}`,
      },
      {
        code: 'CS-END',
        name: 'End Caps & Spacers',
        weight: 1,
        unit: 'EACH',
        packs: [25, 50, 100],
        price: [2500, 38000],
        fine: true,
        stock: 'component',
        attrs: [
          [
            'End cap oval bar',
            'End cap flat bar',
            'Bracket spacer 5mm',
            'Bracket spacer 10mm',
            'Headrail end cover',
            'Idle end plug 38mm',
          ],
          FITTING_COLOURS,
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
      {
        code: 'CS-CRD',
        name: 'Cord & Ball Chain',
        weight: 1,
        unit: 'METRE',
        packs: [1, 10, 50],
        price: [6500, 59000],
        fine: true,
        stock: 'component',
        attrs: [
          [
            'Ball chain 4.5mm',
            'Ball chain 3.2mm',
            'Braided cord 1.4mm',
            'Braided cord 2.0mm',
            'Metal ball chain 4.5mm',
          ],
          FITTING_COLOURS,
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)} per metre`,
      },
    ],
  },
  {
    code: 'CT',
    name: 'Curtain Tracks & Poles',
    drawing: 'track',
    ranges: [
      {
        code: 'CT-BAY',
        name: 'Bay Window Tracks',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [1900, 7900],
        stock: 'hardware',
        attrs: [
          ['Bendable', 'Heavy-duty bendable', 'Corded bendable'],
          ['White', 'Silver', 'Matt Black'],
          ['150', '200', '240', '300', '360', '420', '500'],
        ],
        text: (v) => `${s(v, 0)} bay window track ${s(v, 1)} ${s(v, 2)}cm`,
      },
      {
        code: 'CT-CRD',
        name: 'Corded Curtain Tracks',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [1400, 5600],
        stock: 'hardware',
        attrs: [
          ['Swish', 'Silent Gliss-style', 'Heavy-duty'],
          ['White', 'Satin Steel', 'Matt Black'],
          ['120', '150', '200', '240', '300', '360'],
        ],
        text: (v) => `Corded curtain track ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}cm`,
      },
      {
        code: 'CT-P28',
        name: 'Metal Curtain Poles 28mm',
        weight: 2,
        unit: 'EACH',
        packs: [1],
        price: [1600, 6400],
        stock: 'hardware',
        attrs: [METALS, ['150', '180', '240', '300', '360'], ['ball', 'stud', 'cage', 'crystal']],
        text: (v) => `Metal curtain pole 28mm ${s(v, 0)} ${s(v, 1)}cm ${s(v, 2)} finials`,
      },
      {
        code: 'CT-W35',
        name: 'Wooden Curtain Poles 35mm',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [2400, 8900],
        stock: 'hardware',
        attrs: [WOODS, ['150', '180', '240', '300'], ['ball', 'reeded', 'acorn', 'urn']],
        text: (v) => `Wooden curtain pole 35mm ${s(v, 0)} ${s(v, 1)}cm ${s(v, 2)} finials`,
      },
      {
        code: 'CT-FIN',
        name: 'Finials & Brackets',
        weight: 1,
        unit: 'PACK',
        packs: [1],
        price: [290, 2400],
        stock: 'component',
        attrs: [
          ['Finial ball', 'Finial stud', 'Passing bracket', 'Recess bracket', 'Double bracket', 'End bracket'],
          ['28mm', '35mm'],
          [...METALS, ...WOODS.slice(0, 3)],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)} ${s(v, 2)} pair`,
      },
      {
        code: 'CT-HKS',
        name: 'Curtain Hooks & Gliders',
        weight: 1,
        unit: 'EACH',
        packs: [50, 100, 200],
        price: [900, 12500],
        fine: true,
        stock: 'component',
        attrs: [
          [
            'Curtain hook plastic',
            'Curtain hook brass-effect',
            'Glider 20mm',
            'Pole ring 28mm',
            'Pole ring 35mm',
            'Wave tape glider',
          ],
          FITTING_COLOURS.slice(0, 5),
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
    ],
  },
  {
    code: 'MT',
    name: 'Motorisation',
    drawing: 'motor',
    ranges: [
      {
        code: 'MT-SOM',
        name: 'Somfy-compatible Motors',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [8900, 32900],
        stock: 'motor',
        attrs: [
          ['35', '45'],
          ['3', '6', '10', '13', '20', '30', '40'],
          ['radio', 'wired', 'Zigbee'],
        ],
        text: (v) => `Tubular motor ${s(v, 0)}mm ${s(v, 1)}Nm ${s(v, 2)} Somfy-compatible`,
      },
      {
        code: 'MT-BAT',
        name: 'Battery Motors',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [6900, 18900],
        stock: 'motor',
        attrs: [
          ['25', '28', '35'],
          ['0.7', '1.1', '2', '3'],
          ['USB-C rechargeable', 'solar-charged', 'wand battery pack'],
        ],
        text: (v) => `Battery motor ${s(v, 0)}mm ${s(v, 1)}Nm ${s(v, 2)}`,
      },
      {
        code: 'MT-RMT',
        name: 'Remotes & Controls',
        weight: 1,
        unit: 'EACH',
        packs: [1, 5],
        price: [1900, 8900],
        stock: 'motor',
        attrs: [
          [
            'Remote control 1-channel',
            'Remote control 5-channel',
            'Remote control 15-channel',
            'Wall switch radio',
            'Wall switch wired',
          ],
          ['White', 'Black', 'Silver'],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
      {
        code: 'MT-HUB',
        name: 'Smart Hubs & Sensors',
        weight: 1,
        unit: 'EACH',
        packs: [1],
        price: [2900, 16900],
        stock: 'motor',
        attrs: [
          [
            'Smart hub Wi-Fi',
            'Smart hub Zigbee',
            'Sun sensor',
            'Wind sensor',
            'Temperature sensor',
            'Power supply 24V',
          ],
          ['White', 'Black'],
        ],
        text: (v) => `${s(v, 0)} ${s(v, 1)}`,
      },
    ],
  },
  {
    code: 'FB',
    name: 'Fabrics',
    drawing: 'fabric',
    ranges: [
      {
        code: 'FB-PLN',
        name: 'Plain Curtain Fabrics',
        weight: 2,
        unit: 'METRE',
        packs: [1],
        price: [850, 3200],
        stock: 'fabric',
        attrs: [COLLECTIONS, ['velvet', 'linen-look', 'cotton', 'chenille', 'slub'], FABRIC_COLOURS],
        text: (v) => `Curtain fabric ${s(v, 0)} plain ${s(v, 1)} ${s(v, 2)} 140cm wide`,
      },
      {
        code: 'FB-LIN',
        name: 'Curtain Linings',
        weight: 1,
        unit: 'ROLL',
        packs: [1],
        price: [6500, 24900],
        stock: 'fabric',
        attrs: [
          ['cotton sateen', 'thermal', 'blackout', 'bump interlining', 'domette interlining'],
          ['White', 'Ivory', 'Cream'],
          ['137', '150', '280'],
        ],
        text: (v) => `Curtain lining ${s(v, 0)} ${s(v, 1)} ${s(v, 2)}cm wide 50m roll`,
      },
      {
        code: 'FB-VOI',
        name: 'Sheer Voiles',
        weight: 1,
        unit: 'METRE',
        packs: [1],
        price: [450, 1600],
        stock: 'fabric',
        attrs: [COLLECTIONS, ['plain', 'linen-effect', 'embroidered'], FABRIC_COLOURS.slice(0, 16)],
        text: (v) => `Sheer voile ${s(v, 0)} ${s(v, 1)} ${s(v, 2)} 300cm drop`,
      },
      {
        code: 'FB-UPH',
        name: 'Upholstery Fabrics',
        weight: 1,
        unit: 'METRE',
        packs: [1],
        price: [1400, 4200],
        stock: 'fabric',
        attrs: [COLLECTIONS, ['weave', 'herringbone', 'boucle', 'velvet'], FABRIC_COLOURS],
        text: (v) => `Upholstery fabric ${s(v, 0)} ${s(v, 1)} ${s(v, 2)} 140cm wide`,
      },
    ],
  },
];

export interface TierSpec {
  minimumQuantity: number;
  priceE5: number;
}

/** A generated product, before it has a database id. */
export interface ProductSpec {
  typeIndex: number;
  rangeIndex: number;
  itemNumber: string;
  description: string;
  unit: Unit;
  packQuantity: number;
  stock: number;
  /** Tint for its picture. */
  colour: string;
  price: { GBP: number; EUR: number };
  tiers: { GBP: TierSpec[]; EUR: TierSpec[] };
  /** Inbound deliveries: days from today and quantity. */
  inbound: { inDays: number; quantity: number }[];
}

/** Distribute `total` products over the ranges by weight; every range gets at least one. */
function rangeCounts(total: number): number[][] {
  const weights = CATALOGUE.map((t) => t.ranges.map((r) => r.weight));
  const all = weights.flat();
  const sum = all.reduce((a, b) => a + b, 0);
  const minEach = total >= all.length ? 1 : 0;
  const flat = all.map((w) => Math.max(minEach, Math.floor((total * w) / sum)));
  let diff = total - flat.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % flat.length) {
    if (diff > 0) {
      flat[i] = (flat[i] ?? 0) + 1;
      diff--;
    } else if ((flat[i] ?? 0) > minEach) {
      flat[i] = (flat[i] ?? 0) - 1;
      diff++;
    }
  }
  let k = 0;
  return weights.map((ws) => ws.map(() => flat[k++] ?? 0));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** GBP to EUR at the demo's list-price rate of 1.17. */
export const EUR_RATE_PERCENT = 117;

export function generateProducts(rng: Rng, total: number): ProductSpec[] {
  const counts = rangeCounts(total);
  const out: ProductSpec[] = [];
  CATALOGUE.forEach((type, ti) => {
    type.ranges.forEach((range, ri) => {
      const n = counts[ti]?.[ri] ?? 0;
      const radix = range.attrs.map((a) => a.length);
      const combos = radix.reduce((a, b) => a * b, 1);
      // Walk the attribute combinations with a stride coprime to their count: no repeats until all are used.
      let stride = Math.max(1, Math.floor(combos * 0.618));
      while (gcd(stride, combos) !== 1) stride++;
      const offset = rng.int(0, combos - 1);
      for (let k = 0; k < n; k++) {
        let idx = (offset + k * stride) % combos;
        const values: string[] = [];
        for (const r of radix) {
          values.push(range.attrs[values.length]?.[idx % r] ?? '');
          idx = Math.floor(idx / r);
        }
        out.push(makeProduct(rng, ti, ri, range, k + 1, values));
      }
    });
  });
  return out;
}

function makeProduct(rng: Rng, ti: number, ri: number, range: RangeDef, seq: number, values: string[]): ProductSpec {
  const itemNumber = `${range.code}-${String(seq).padStart(4, '0')}`;
  const description = range.text(values);
  const colourName = values.find((v) => COLOURS[v] !== undefined);
  const colour = colourName ? (COLOURS[colourName] as string) : hueColour(hashString(itemNumber));
  const packQuantity = rng.pick(range.packs);

  // List prices: whole pence ending in 5 or 9 for most items; 3-5 decimals for small components.
  let gbp: number;
  let eur: number;
  if (range.fine) {
    const places = rng.pick([10, 100, 1, 1]); // e5 granularity: 4, 3 or 5 decimals
    gbp = Math.max(places, Math.round(rng.int(range.price[0], range.price[1]) / places) * places);
    eur = divRound(gbp * EUR_RATE_PERCENT, 100);
  } else {
    const pence = Math.floor(rng.int(range.price[0], range.price[1]) / 10) * 10 + rng.pick([5, 9, 9]);
    gbp = pence * 1000;
    eur = divRound(pence * EUR_RATE_PERCENT, 100) * 1000;
  }

  const tiers: ProductSpec['tiers'] = { GBP: [], EUR: [] };
  if (rng.chance(0.15)) {
    const steps = rng.pick([
      [5, 10],
      [10, 25, 50],
      [6, 12],
      [3, 6, 10],
      [20, 50, 100],
    ]);
    const offs = [1200, 1800, 2500];
    const mult = packQuantity > 1 ? packQuantity : 1;
    steps.forEach((min, i) => {
      for (const cur of ['GBP', 'EUR'] as const) {
        const list = cur === 'GBP' ? gbp : eur;
        const raw = discountPriceE5(list, { discountBp: offs[i] ?? 2500 });
        const priceE5 = range.fine ? raw : divRound(raw, 1000) * 1000;
        tiers[cur].push({ minimumQuantity: min * mult, priceE5 });
      }
    });
  }

  const stock = makeStock(rng, range.stock);
  const inbound: ProductSpec['inbound'] = [];
  if (rng.chance(stock === 0 ? 0.6 : 0.17)) {
    const count = rng.int(1, 3);
    let day = rng.int(3, 14);
    for (let i = 0; i < count; i++) {
      const base = range.stock === 'component' ? rng.int(10, 400) * 10 : rng.int(2, 60) * 5;
      inbound.push({ inDays: day, quantity: base * (range.stock === 'component' ? Math.min(packQuantity, 10) : 1) });
      day += rng.int(7, 28);
    }
  }

  return {
    typeIndex: ti,
    rangeIndex: ri,
    itemNumber,
    description,
    unit: range.unit,
    packQuantity,
    stock,
    colour,
    price: { GBP: gbp, EUR: eur },
    tiers,
    inbound,
  };
}

function makeStock(rng: Rng, profile: StockProfile): number {
  if (rng.chance(0.08)) return 0;
  switch (profile) {
    case 'component':
      return rng.chance(0.6) ? rng.int(1000, 48000) : rng.int(20, 999);
    case 'hardware':
      return rng.chance(0.2) ? rng.int(1000, 3000) : rng.int(5, 900);
    case 'fabric':
      return rng.chance(0.2) ? rng.int(1000, 6000) : rng.int(15, 950);
    case 'motor':
      return rng.int(1, 180);
    default:
      return rng.chance(0.1) ? rng.int(1000, 2500) : rng.int(2, 400);
  }
}

/** A muted colour from a hash, for products without a named colour. */
export function hueColour(h: number): string {
  const hue = h % 360;
  return hslToHex(hue, 35 + ((h >>> 9) % 25), 45 + ((h >>> 17) % 20));
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
