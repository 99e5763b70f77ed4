// Quick Order's and the price-break nudges' messages, in a module of their own so that the web
// app's start-up chunk (which carries messages.ts) does not carry them; they load with their screens.
/**
 * Quick Order and price-break nudges (our own wording, additions to the spec:
 * docs/spec-deviations.md).
 */
export const QUICK_MSG = {
  heading: 'Quick Order',
  unknownCode: (code: string) => `No product ${code}`,
  missingCode: 'Enter an item code',
  notSold: (currency: string) => `Not sold in ${currency}`,
  discontinued: 'Discontinued',
  notWhole: 'Quantity must be a whole number above 0',
  thousandsUnclear: (typed: string) =>
    `Is ${typed} meant as ${typed.replace(/,/g, '')}? Type the quantity without a comma`,
  aboveLimit: (max: number) => `Quantity must be at most ${max.toLocaleString('en-GB')}`,
  ready: 'Ready',
  stockShortDue: (stock: number, date: string) =>
    `${stock > 0 ? `Only ${stock} in stock` : 'None in stock'}; the rest is covered by the delivery due ${date}`,
  stockShortNoDate: (stock: number) =>
    `${stock > 0 ? `Only ${stock} in stock` : 'None in stock'} and no delivery date yet; this line may go on back order`,
  /** The rest arrives in parts: "None in stock; the rest arrives 175 on 11 Dec, 85 on 3 Jan, 140 no date yet". */
  stockShortSplit: (stock: number, parts: string) =>
    `${stock > 0 ? `Only ${stock} in stock` : 'None in stock'}; the rest arrives ${parts}`,
  noLines: 'Paste or upload at least one line with an item code and a quantity',
  tooManyLines: (max: number) => `At most ${max.toLocaleString('en-GB')} lines at once`,
  checkFailed: 'Unable to check the lines',
  addFailed: 'Unable to add the lines to the basket',
  nothingToAdd: 'No line is ready to add',
  added: (added: number, left: number) =>
    `Added ${added} line${added === 1 ? '' : 's'} to basket` +
    (left > 0 ? `; ${left} line${left === 1 ? '' : 's'} still need${left === 1 ? 's' : ''} fixing` : ''),
  fileUnreadable: 'Unable to read the file',
  // price-break nudges
  /** What moving to the break costs on the line as well as what it saves. */
  nextBreak: (more: number, unitPrice: string, saving: string, extra: string) =>
    `Add ${more} more for ${unitPrice} each: ${extra} more on this line, saving ${saving}`,
  savingsWon: 'Multi-buy savings on this basket',
  moveToBreak: (quantity: number, item: string) => `Make it ${quantity} of ${item}`,
  priceChanged: (orderNumber: string, oldPrice: string, newPrice: string) =>
    `Price changed since order ${orderNumber}: was ${oldPrice}, now ${newPrice}`,
  movedToBreak: (item: string, quantity: number) => `${item} now ${quantity}`,
  // Pack quantity: explained and offered, never refused
  soldInPacks: (pack: number) => `Sold in packs of ${pack}`,
  roundUpToPack: (quantity: number) => `Make it ${quantity}`,
  roundUpToPackLabel: (quantity: number, item: string) => `Make it ${quantity}: whole packs of ${item}`,
} as const;
