/**
 * Demo customer accounts: the three named logins of the README (demo, proforma, euro) and, for
 * benchmarks, any number of generated trade accounts. Pure; no I/O.
 */
import type { CurrencyCode, TeamRole } from '@wholesale/contract';
import type { Rng } from './random.js';

export type Country = 'United Kingdom (Mainland)' | 'UK Islands' | 'Northern Ireland' | 'Republic of Ireland';
/** How a generated history settles its invoices (see orders.ts). */
export type PaymentPolicy = 'demo' | 'proforma' | 'euro' | 'generated';

export interface UserSpec {
  username: string;
  name: string;
  jobTitle: string;
  email: string;
  /** Role within the account (team accounts); account admin when left out. Only admins have order history. */
  role?: TeamRole;
  /** A buyer's per-order limit and monthly budget, minor units. */
  orderLimitMinor?: number;
  monthlyBudgetMinor?: number;
}

export interface AddressSpec {
  reference: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  county: string;
  country: Country;
  postcode: string;
  phoneNumber: string;
}

export interface AccountSpec {
  customerNumber: string;
  name: string;
  contact: string;
  currency: CurrencyCode;
  country: Country;
  address1: string;
  address2: string;
  city: string;
  county: string;
  postcode: string;
  email: string;
  phoneNumber: string;
  faxNumber: string;
  creditLimitMinor: number;
  onStop: boolean;
  isProforma: boolean;
  vatRateBp: number;
  discountBp: number;
  carriageMinor: number;
  carriageFreeOverMinor: number;
  /** Discounts by product type name, overriding discountBp. */
  typeDiscounts: Record<string, number>;
  users: UserSpec[];
  addresses: AddressSpec[];
  /** Number of monthly statements, most recent complete months. */
  statements: number;
  /** Warehouse the account is served from ('MAIN1', 'BELF1'). */
  location: string;
  policy: PaymentPolicy;
  /** For the named demo accounts: days ago of each order in their history. */
  history?: { recent: number[]; older: number; olderFrom: number; olderTo: number };
  favourites: number;
}

export const DEMO_PASSWORD = 'Portal-demo-1';

export const DEMO_ACCOUNTS: readonly AccountSpec[] = [
  {
    customerNumber: 'C10001',
    name: 'Kingfisher Blinds & Interiors Ltd',
    contact: 'Sarah Whitfield',
    currency: 'GBP',
    country: 'United Kingdom (Mainland)',
    address1: '14 Quayside Trading Estate',
    address2: 'Marsh Lane',
    city: 'Bristol',
    county: 'Avon',
    postcode: 'BS11 9FG',
    email: 'accounts@kingfisherblinds.example',
    phoneNumber: '0117 496 0123',
    faxNumber: '0117 496 0124',
    creditLimitMinor: 3_000_000,
    onStop: false,
    isProforma: false,
    vatRateBp: 2000,
    discountBp: 1250,
    carriageMinor: 995,
    carriageFreeOverMinor: 25_000,
    typeDiscounts: { 'Roller Blinds': 1500, 'Components & Spares': 2000, Motorisation: 500 },
    users: [
      {
        username: 'demo',
        name: 'Sarah Whitfield',
        jobTitle: 'Purchasing Manager',
        email: 'sarah.whitfield@kingfisherblinds.example',
      },
      {
        username: 'demo2',
        name: 'Tom Evans',
        jobTitle: 'Workshop Supervisor',
        email: 'tom.evans@kingfisherblinds.example',
      },
      // Team accounts: a buyer with limits (nothing placed yet, so the month's budget is unused) and an approver.
      {
        username: 'demo3',
        name: 'Priya Shah',
        jobTitle: 'Site Buyer',
        email: 'priya.shah@kingfisherblinds.example',
        role: 'buyer',
        orderLimitMinor: 25_000,
        monthlyBudgetMinor: 100_000,
      },
      {
        username: 'demo4',
        name: 'Mark Jones',
        jobTitle: 'Operations Manager',
        email: 'mark.jones@kingfisherblinds.example',
        role: 'approver',
      },
    ],
    addresses: [
      {
        reference: 'WAREHOUSE',
        name: 'Kingfisher Blinds Warehouse',
        address1: 'Unit 7 Avonmouth Way',
        address2: 'Avonmouth',
        city: 'Bristol',
        county: 'Avon',
        country: 'United Kingdom (Mainland)',
        postcode: 'BS11 8DD',
        phoneNumber: '0117 496 0150',
      },
      {
        reference: 'SHOWROOM',
        name: 'Kingfisher Blinds Showroom',
        address1: '22 Whiteladies Road',
        address2: 'Clifton',
        city: 'Bristol',
        county: 'Avon',
        country: 'United Kingdom (Mainland)',
        postcode: 'BS8 2LG',
        phoneNumber: '0117 496 0177',
      },
    ],
    statements: 5,
    location: 'MAIN1',
    policy: 'demo',
    history: { recent: [0, 1, 2, 4, 6, 8, 11, 13], older: 32, olderFrom: 15, olderTo: 270 },
    favourites: 12,
  },
  {
    customerNumber: 'C10002',
    name: 'Lagan Window Dressings',
    contact: 'Ciaran McAllister',
    currency: 'GBP',
    country: 'Northern Ireland',
    address1: '41 Ormeau Road',
    address2: '',
    city: 'Belfast',
    county: 'County Antrim',
    postcode: 'BT7 1EB',
    email: 'orders@laganwindows.example',
    phoneNumber: '028 9018 0456',
    faxNumber: '',
    creditLimitMinor: 0,
    onStop: false,
    isProforma: true,
    vatRateBp: 2000,
    discountBp: 500,
    carriageMinor: 1250,
    carriageFreeOverMinor: 30_000,
    typeDiscounts: { Fabrics: 750 },
    users: [
      { username: 'proforma', name: 'Ciaran McAllister', jobTitle: 'Owner', email: 'ciaran@laganwindows.example' },
      // A card-paying account's buyer with a limit: a larger order waits for Ciaran's approval, then
      // the buyer pays for it by card from Open Orders.
      {
        username: 'proforma2',
        name: 'Niamh Kelly',
        jobTitle: 'Site Buyer',
        email: 'niamh.kelly@laganwindows.example',
        role: 'buyer',
        orderLimitMinor: 25_000,
      },
    ],
    addresses: [
      {
        reference: 'FITTERS',
        name: 'Lagan Window Dressings Fitting Team',
        address1: 'Unit 3 Duncrue Industrial Park',
        address2: 'Duncrue Road',
        city: 'Belfast',
        county: 'County Antrim',
        country: 'Northern Ireland',
        postcode: 'BT3 9BP',
        phoneNumber: '028 9018 0457',
      },
    ],
    statements: 3,
    location: 'BELF1',
    policy: 'proforma',
    history: { recent: [1, 5], older: 12, olderFrom: 14, olderTo: 270 },
    favourites: 6,
  },
  {
    customerNumber: 'C10003',
    name: 'Liffey Interiors Ltd',
    contact: 'Aoife Byrne',
    currency: 'EUR',
    country: 'Republic of Ireland',
    address1: 'Unit 3, Parkwest Business Park',
    address2: 'Nangor Road',
    city: 'Dublin 12',
    county: 'Co. Dublin',
    postcode: 'D12 X9T2',
    email: 'accounts@liffeyinteriors.example',
    phoneNumber: '+353 1 555 0192',
    faxNumber: '+353 1 555 0193',
    creditLimitMinor: 1_000_000,
    onStop: true,
    isProforma: false,
    vatRateBp: 2300,
    discountBp: 1000,
    carriageMinor: 1450,
    carriageFreeOverMinor: 35_000,
    typeDiscounts: { Fabrics: 1200, 'Curtain Tracks & Poles': 1250 },
    users: [
      {
        username: 'euro',
        name: 'Aoife Byrne',
        jobTitle: 'Operations Director',
        email: 'aoife.byrne@liffeyinteriors.example',
      },
    ],
    addresses: [
      {
        reference: 'CORK',
        name: 'Liffey Interiors Cork',
        address1: '8 Lapps Quay',
        address2: '',
        city: 'Cork',
        county: 'Co. Cork',
        country: 'Republic of Ireland',
        postcode: 'T12 RT9P',
        phoneNumber: '+353 21 555 0144',
      },
    ],
    statements: 4,
    location: 'BELF1',
    policy: 'euro',
    history: { recent: [3, 7], older: 16, olderFrom: 20, olderTo: 270 },
    favourites: 6,
  },
];

const PLACES = [
  'Ashford',
  'Bramley',
  'Castleton',
  'Dunmore',
  'Elmwood',
  'Fernhill',
  'Greystone',
  'Hawthorn',
  'Ivybridge',
  'Juniper',
  'Kestrel',
  'Larkfield',
  'Millbrook',
  'Northgate',
  'Oakley',
  'Penrose',
  'Queensway',
  'Riverside',
  'Stonebridge',
  'Thornbury',
  'Upton',
  'Westwood',
  'Yarrow',
  'Abbey',
  'Beacon',
  'Cedar',
  'Meadow',
  'Orchard',
  'Willow',
  'Heron',
];
const TRADES = [
  'Blinds',
  'Blinds & Shutters',
  'Window Fashions',
  'Interiors',
  'Curtains & Blinds',
  'Home Furnishings',
  'Window Co',
  'Shade Solutions',
  'Soft Furnishings',
  'Blind Company',
  'Drapes',
  'Window Dressings',
];
const SUFFIXES = ['Ltd', 'Ltd', 'Ltd', 'Ltd', '& Sons', 'LLP', ''];
const FIRST = [
  'James',
  'Emma',
  'Oliver',
  'Sophie',
  'Harry',
  'Chloe',
  'Jack',
  'Megan',
  'Liam',
  'Grace',
  'Connor',
  'Niamh',
  'Daniel',
  'Lucy',
  'Rhys',
  'Hannah',
  'Sean',
  'Amy',
  'Owen',
  'Ellie',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Murphy',
  'Kelly',
  'Walsh',
  'Evans',
  'Thomas',
  'Roberts',
  'Hughes',
  'Campbell',
  'Stewart',
  'Clarke',
  'Byrne',
  "O'Neill",
  'Patel',
  'Khan',
  'Wright',
];
const JOBS = ['Director', 'Buyer', 'Office Manager', 'Fitter', 'Accounts', 'Workshop Manager', 'Sales Manager'];
const STREETS = [
  'Station Road',
  'High Street',
  'Mill Lane',
  'Church Street',
  'Victoria Road',
  'Park Avenue',
  'Market Square',
  'Queen Street',
  'Riverside Industrial Estate',
  'Enterprise Park',
];

type Place = readonly [city: string, county: string, postArea: string];
const PLACES_BY_COUNTRY: Record<Country, readonly Place[]> = {
  'United Kingdom (Mainland)': [
    ['Leeds', 'West Yorkshire', 'LS'],
    ['Manchester', 'Greater Manchester', 'M'],
    ['Norwich', 'Norfolk', 'NR'],
    ['Exeter', 'Devon', 'EX'],
    ['Cardiff', 'South Glamorgan', 'CF'],
    ['Glasgow', 'Lanarkshire', 'G'],
    ['Nottingham', 'Nottinghamshire', 'NG'],
    ['Brighton', 'East Sussex', 'BN'],
    ['York', 'North Yorkshire', 'YO'],
    ['Reading', 'Berkshire', 'RG'],
    ['Chester', 'Cheshire', 'CH'],
    ['Bath', 'Somerset', 'BA'],
  ],
  'UK Islands': [
    ['St Helier', 'Jersey', 'JE'],
    ['St Peter Port', 'Guernsey', 'GY'],
    ['Douglas', 'Isle of Man', 'IM'],
    ['Newport', 'Isle of Wight', 'PO'],
    ['Kirkwall', 'Orkney', 'KW'],
    ['Stornoway', 'Isle of Lewis', 'HS'],
  ],
  'Northern Ireland': [
    ['Belfast', 'County Antrim', 'BT'],
    ['Derry', 'County Londonderry', 'BT'],
    ['Newry', 'County Down', 'BT'],
    ['Lisburn', 'County Antrim', 'BT'],
    ['Enniskillen', 'County Fermanagh', 'BT'],
  ],
  'Republic of Ireland': [
    ['Dublin', 'Co. Dublin', 'D'],
    ['Cork', 'Co. Cork', 'T12'],
    ['Galway', 'Co. Galway', 'H91'],
    ['Limerick', 'Co. Limerick', 'V94'],
    ['Kilkenny', 'Co. Kilkenny', 'R95'],
    ['Sligo', 'Co. Sligo', 'F91'],
  ],
};
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const TYPE_NAMES = [
  'Roller Blinds',
  'Vertical Blinds',
  'Venetian Blinds',
  'Roman Blinds',
  'Pleated Blinds',
  'Components & Spares',
  'Curtain Tracks & Poles',
  'Motorisation',
  'Fabrics',
];

function postcode(rng: Rng, country: Country, area: string): string {
  const l = () => LETTERS[rng.int(0, LETTERS.length - 1)] ?? 'A';
  if (country === 'Republic of Ireland') {
    const key = area === 'D' ? `D${String(rng.int(1, 24)).padStart(2, '0')}` : area;
    return `${key} ${l()}${rng.int(1, 9)}${l()}${rng.int(1, 9)}`;
  }
  return `${area}${rng.int(1, 20)} ${rng.int(1, 9)}${l()}${l()}`;
}

function phone(rng: Rng, country: Country): string {
  if (country === 'Republic of Ireland') return `+353 1 555 0${rng.digits(3)}`;
  if (country === 'Northern Ireland') return `028 9018 0${rng.digits(3)}`;
  return `01632 960${rng.digits(3)}`;
}

/** A generated trade account: customer number C2xxxx, users user00001... (numbered by `nextUser`). */
export function generateAccount(rng: Rng, n: number, nextUser: () => number): AccountSpec {
  const r = rng.next();
  const country: Country =
    r < 0.7
      ? 'United Kingdom (Mainland)'
      : r < 0.78
        ? 'UK Islands'
        : r < 0.88
          ? 'Northern Ireland'
          : 'Republic of Ireland';
  const [city, county, area] = rng.pick(PLACES_BY_COUNTRY[country]);
  const place = rng.pick(PLACES);
  const name = [place, rng.pick(TRADES), rng.pick(SUFFIXES)].filter(Boolean).join(' ');
  const slug = `${place}${n}`.toLowerCase();
  const contact = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  const euro = country === 'Republic of Ireland';
  const proforma = rng.chance(0.1);
  const [carriageMinor, carriageFreeOverMinor] = euro
    ? rng.pick([
        [1450, 35_000],
        [1250, 30_000],
      ] as const)
    : country === 'UK Islands'
      ? ([1995, 50_000] as const)
      : rng.pick([
          [995, 25_000],
          [1250, 30_000],
          [750, 20_000],
          [1495, 0],
        ] as const);
  const typeDiscounts: Record<string, number> = {};
  if (rng.chance(0.3))
    for (let i = rng.int(1, 3); i > 0; i--) typeDiscounts[rng.pick(TYPE_NAMES)] = rng.int(2, 10) * 250;
  const userCount = rng.chance(0.3) ? rng.int(2, 3) : 1;
  const users: UserSpec[] = [];
  for (let i = 0; i < userCount; i++) {
    const uname = i === 0 ? contact : `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    users.push({
      username: `user${String(nextUser()).padStart(5, '0')}`,
      name: uname,
      jobTitle: rng.pick(JOBS),
      email: `${uname.split(' ')[0]?.toLowerCase() ?? 'info'}@${slug}.example`,
    });
  }
  const addresses: AddressSpec[] = [];
  for (let i = rng.chance(0.4) ? rng.int(1, 2) : 0; i > 0; i--) {
    const [c2, county2, area2] = rng.pick(PLACES_BY_COUNTRY[country]);
    addresses.push({
      reference: i === 1 ? 'WAREHOUSE' : 'SHOWROOM',
      name: `${place} ${i === 1 ? 'Warehouse' : 'Showroom'}`,
      address1: `${rng.int(1, 120)} ${rng.pick(STREETS)}`,
      address2: '',
      city: c2,
      county: county2,
      country,
      postcode: postcode(rng, country, area2),
      phoneNumber: phone(rng, country),
    });
  }
  return {
    customerNumber: `C${20000 + n}`,
    name,
    contact,
    currency: euro ? 'EUR' : 'GBP',
    country,
    address1: `${rng.int(1, 120)} ${rng.pick(STREETS)}`,
    address2: '',
    city,
    county,
    postcode: postcode(rng, country, area),
    email: `accounts@${slug}.example`,
    phoneNumber: phone(rng, country),
    faxNumber: '',
    creditLimitMinor: proforma ? 0 : rng.pick([2500, 5000, 7500, 10_000, 15_000, 25_000]) * 100,
    onStop: rng.chance(0.05),
    isProforma: proforma,
    vatRateBp: euro ? 2300 : 2000,
    discountBp: rng.int(0, 6) * 250,
    carriageMinor,
    carriageFreeOverMinor,
    typeDiscounts,
    users,
    addresses,
    statements: 2,
    location: country === 'Northern Ireland' || euro ? 'BELF1' : 'MAIN1',
    policy: proforma ? 'proforma' : 'generated',
    favourites: rng.chance(0.3) ? rng.int(2, 6) : 0,
  };
}
