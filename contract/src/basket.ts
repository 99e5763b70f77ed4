import { z } from 'zod';
import { MSG } from './messages.js';
import { DEFAULT_ADDRESS_REFERENCE, FIELD_LIMITS, INPUT_LIMITS, NEW_ADDRESS_REFERENCE } from './limits.js';
import {
  address,
  type Address,
  digitsParam,
  idNumber,
  itemNumber,
  money,
  quantity,
  textBoolean,
  unitPrice,
} from './common.js';
import { deliveryAddress } from './auth.js';
import { DEFAULT_SHIPMENT_PREFERENCE } from './delivery-messages.js';
import { shipmentPreference } from './delivery-promise.js';

/** The ship choice at review: optional, so clients that do not send it keep working. */
const chosenShipment = () =>
  shipmentPreference
    .default(DEFAULT_SHIPMENT_PREFERENCE)
    .describe(
      "How to send the order: 'partial' (default) what is in stock now and the rest when due, 'complete' everything together",
    );

export const basketLine = z.lazy(() =>
  z.object({
    lineNumber: z.number().int(),
    itemNumber: z.string(),
    description: z.string(),
    stock: z.string().describe('Stock as text; may contain thousands separators'),
    unit: z.string(),
    discountPercentage: z.number(),
    discountPrice: unitPrice,
    totalLinePrice: money,
    quantity: z.number().int(),
    additionalCharge: textBoolean,
    hasMultiBuyDiscount: z.boolean(),
  }),
);
export type BasketLine = z.infer<typeof basketLine>;

export const basket = z.lazy(() =>
  z.object({
    basketLines: z.array(basketLine),
    carriageLine: basketLine.nullable(),
    totalBasketPrice: money,
    revision: z.number().int().describe('Changes whenever the basket changes; submitted back at checkout'),
  }),
);
export type Basket = z.infer<typeof basket>;

export const addBasketLine = z.lazy(() => z.object({ itemNumber, quantity }));
export type AddBasketLine = z.infer<typeof addBasketLine>;

export const updateBasketLine = z.lazy(() => z.object({ lineNumber: idNumber, quantity }));
export type UpdateBasketLine = z.infer<typeof updateBasketLine>;

export const basketLineParams = z.lazy(() => z.object({ id: digitsParam() }));

export const basketSummary = z.lazy(() => z.object({ amount: money, totalVAT: money, totalAmount: money }));
export type BasketSummary = z.infer<typeof basketSummary>;

/** Section 5: 'Required' and 'Max N Characters'. */
const required = (max: number) => z.string().trim().min(1, MSG.required).max(max, MSG.maxCharacters(max));
const optional = (max: number) => z.string().trim().max(max, MSG.maxCharacters(max));
/**
 * A phone number as stored: the digits with an optional leading +. Buyers type and are shown
 * "01234 567890" or "+353 1 555 0192"; the spaces are dropped on the way in.
 */
export const normalisePhone = (s: string): string => s.replace(/\s+/g, '');
const phone = z.lazy(() =>
  z
    .string()
    .transform(normalisePhone)
    .pipe(
      z
        .string()
        .min(1, MSG.required)
        .max(FIELD_LIMITS.phoneNumber, MSG.maxCharacters(FIELD_LIMITS.phoneNumber))
        .regex(/^\+?\d+$/, MSG.mustBeNumber),
    ),
);

/** The checkout step-1 form. Address fields are checked only for a new delivery address. */
export const deliveryInformationForm = z.lazy(() =>
  deliveryInformation
    .unwrap()
    .extend({ addressReference: z.string().min(1), purchaseOrder: required(FIELD_LIMITS.purchaseOrder) })
    .superRefine((v, ctx) => {
      if (v.addressReference !== NEW_ADDRESS_REFERENCE) return;
      const rules: [keyof typeof v, z.ZodType][] = [
        ['name', required(FIELD_LIMITS.name)],
        ['address1', required(FIELD_LIMITS.address1)],
        ['address2', optional(FIELD_LIMITS.address2)],
        ['city', required(FIELD_LIMITS.city)],
        ['county', required(FIELD_LIMITS.county)],
        ['postcode', required(FIELD_LIMITS.postcode)],
        ['phoneNumber', phone],
      ];
      for (const [field, rule] of rules) {
        const r = rule.safeParse(v[field]);
        if (!r.success)
          ctx.addIssue({ code: 'custom', path: [field], message: r.error.issues[0]?.message ?? MSG.required });
      }
      if (!v.country || v.country === 'N/A') ctx.addIssue({ code: 'custom', path: ['country'], message: MSG.required });
    }),
);

/**
 * POST /basket/header: the spec's payload. deliveryCode is INVOICE, a saved address reference, or
 * 'New Delivery Address'. For INVOICE and saved addresses the server takes the address from the
 * account, never from the payload.
 */
export const basketHeaderRequest = z.lazy(() =>
  z
    .object({
      externalDocNo: z.string().trim().max(INPUT_LIMITS.text).describe('Purchase order'),
      deliveryCode: z.string().trim().min(1).max(INPUT_LIMITS.reference).default(DEFAULT_ADDRESS_REFERENCE),
      name: z.string().trim().max(INPUT_LIMITS.text).default(''),
      address: z.string().trim().max(INPUT_LIMITS.text).default(''),
      address2: z.string().trim().max(INPUT_LIMITS.text).default(''),
      city: z.string().trim().max(INPUT_LIMITS.text).default(''),
      postCode: z.string().trim().max(INPUT_LIMITS.text).default(''),
      country: z.string().trim().max(INPUT_LIMITS.text).default(''),
      county: z.string().trim().max(INPUT_LIMITS.text).default(''),
      phoneNo: z.string().trim().max(INPUT_LIMITS.text).default('').transform(normalisePhone),
      contact: z.string().trim().max(INPUT_LIMITS.text).default(''),
    })
    .superRefine((v, ctx) => {
      if (!v.externalDocNo)
        ctx.addIssue({ code: 'custom', path: ['externalDocNo'], message: MSG.missingDeliveryInformation });
      else if (v.externalDocNo.length > FIELD_LIMITS.purchaseOrder)
        ctx.addIssue({ code: 'custom', path: ['externalDocNo'], message: MSG.purchaseOrderTooLong });
      if (v.deliveryCode !== NEW_ADDRESS_REFERENCE) return;
      const form = deliveryInformationForm.safeParse(deliveryOfHeader({ ...v, externalDocNo: v.externalDocNo || 'x' }));
      if (!form.success) {
        for (const issue of form.error.issues) {
          const field = String(issue.path[0] ?? '');
          ctx.addIssue({
            code: 'custom',
            path: [HEADER_FIELD_OF[field as keyof DeliveryInformation] ?? field],
            message: issue.message,
          });
        }
      }
    }),
);

/**
 * POST /basket/header names the delivery details' fields its own way (the spec's payload): for each
 * of its fields, the delivery details' field. The one mapping between the two (web forms, the
 * header's checks and the server all use it).
 */
export const DELIVERY_FIELD_OF = {
  externalDocNo: 'purchaseOrder',
  deliveryCode: 'addressReference',
  name: 'name',
  address: 'address1',
  address2: 'address2',
  city: 'city',
  postCode: 'postcode',
  country: 'country',
  county: 'county',
  phoneNo: 'phoneNumber',
  contact: 'contact',
} as const satisfies Record<keyof SubmitBasketHeader, keyof DeliveryInformation>;

/** The header field of each delivery details' field. */
export const HEADER_FIELD_OF = Object.fromEntries(
  Object.entries(DELIVERY_FIELD_OF).map(([header, field]) => [field, header]),
) as Record<keyof DeliveryInformation, keyof SubmitBasketHeader>;

/** Delivery details as POST /basket/header sends them. */
export function basketHeaderOf(d: DeliveryInformation): SubmitBasketHeader {
  return Object.fromEntries(
    Object.entries(DELIVERY_FIELD_OF).map(([header, field]) => [header, d[field]]),
  ) as unknown as SubmitBasketHeader;
}

/** The delivery details a POST /basket/header names (fields it leaves out read as ''). */
export function deliveryOfHeader(h: Partial<Record<keyof SubmitBasketHeader, string>>): DeliveryInformation {
  return Object.fromEntries(
    Object.entries(DELIVERY_FIELD_OF).map(([header, field]) => [field, h[header as keyof SubmitBasketHeader] ?? '']),
  ) as unknown as DeliveryInformation;
}

/**
 * The payment request's address shape (billing_address; shipping_address adds line_2) from a name
 * and a portal address: the one mapping, for the order and invoice payment requests.
 */
export function paymentAddressOf(name: string, a: Omit<Address, 'name' | 'address2'>) {
  const parts = name.trim().split(/\s+/);
  const first = parts.shift() ?? '';
  return {
    first_name: first.slice(0, 100),
    last_name: parts.join(' ').slice(0, 100),
    line_1: a.address1,
    city: a.city,
    post_code: a.postcode,
    country: a.country,
    county: a.county,
    phone: a.phoneNumber.slice(0, 40),
  };
}

export const deliveryInformation = z.lazy(() =>
  z.object({
    addressReference: z.string(),
    purchaseOrder: z.string(),
    ...address.unwrap().shape,
    contact: z.string(),
  }),
);
export type DeliveryInformation = z.infer<typeof deliveryInformation>;

export const submitBasketParams = z.lazy(() => z.object({ id: digitsParam(0).describe('Basket revision reviewed') }));
// Pure: the web's start-up chunk carries basket.ts but not these two, nor the ship choice's schema.
export const submitBasketRequest = /* @__PURE__ */ z.lazy(() =>
  z.object({ amount: money.describe('The total the customer was shown'), shipmentPreference: chosenShipment() }),
);
export const submitBasketResponse = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    status: z
      .string()
      .optional()
      .describe("'Open' when placed; 'Awaiting approval' when over the buyer's limits (always sent by this server)"),
  }),
);

export const orderConfirmation = z.lazy(() =>
  z.object({
    orderNumber: z.string(),
    reference: z.string(),
    totalAmount: money,
    status: z.string(),
  }),
);
export type OrderConfirmation = z.infer<typeof orderConfirmation>;

const paymentAddress = z.lazy(() =>
  z.object({
    first_name: z.string().max(INPUT_LIMITS.shortText),
    last_name: z.string().max(INPUT_LIMITS.shortText),
    line_1: z.string().max(INPUT_LIMITS.text),
    city: z.string().max(INPUT_LIMITS.shortText),
    post_code: z.string().max(INPUT_LIMITS.code),
    country: z.string().max(INPUT_LIMITS.shortText),
    county: z.string().max(INPUT_LIMITS.shortText),
    phone: z.string().max(INPUT_LIMITS.code),
  }),
);
export const billingAddress = paymentAddress;
export const shippingAddress = z.lazy(() =>
  paymentAddress.unwrap().extend({ line_2: z.string().max(INPUT_LIMITS.text) }),
);

/** POST /payment/request (proforma). Figures in it are informational: the server prices the basket. */
export const orderPaymentRequest = /* @__PURE__ */ z.lazy(() =>
  z.object({
    amount: money,
    account_code: z.string().max(INPUT_LIMITS.code),
    currency: z.string().max(INPUT_LIMITS.currencyCode),
    reference: z.string().max(INPUT_LIMITS.text),
    description: z.string().max(INPUT_LIMITS.description),
    billing_address: billingAddress,
    shipping_address: shippingAddress,
    shipmentPreference: chosenShipment(),
  }),
);
export type OrderPaymentRequest = z.input<typeof orderPaymentRequest>;

export const paymentResponse = z.lazy(() => z.object({ payment_Checkout_Url: z.string() }));
export type PaymentResponse = z.infer<typeof paymentResponse>;

// ---- Checkout endpoint names (schema, service method and RTK endpoint share them) ----

/** POST /basket/header: submitBasketHeader. */
export const submitBasketHeader = basketHeaderRequest;
export type SubmitBasketHeader = z.input<typeof basketHeaderRequest>;

/**
 * GET /basket/header (getBasketHeader) and the answer of POST /basket/header: the delivery
 * information stored on the basket as the server resolved it (for INVOICE and saved references the
 * address is the account's). `saved` is false while nothing is stored (the INVOICE defaults).
 */
export const basketHeader = z.lazy(() =>
  deliveryInformation.unwrap().extend({
    saved: z.boolean(),
    invoiceAddress: deliveryAddress.describe(
      "The account's invoice address (reference INVOICE), for the address selector",
    ),
    purchaseOrderUsedOn: z
      .string()
      .nullable()
      .optional()
      .describe(
        'The number of the account’s latest order (not cancelled) placed with the same purchase order, if any: a warning, never a refusal',
      ),
  }),
);
export type BasketHeader = z.infer<typeof basketHeader>;

/** POST /basket/submit/{id}: submitBasket. `amount` is the totalAmount (with VAT) the customer was shown. */
export type SubmitBasketRequest = z.input<typeof submitBasketRequest>;
export type SubmitBasketResponse = z.infer<typeof submitBasketResponse>;

/** GET /basket/confirmation: getOrderConfirmation. */
export const getOrderConfirmationResponse = orderConfirmation;

/** POST /payment/request: requestOrderPayment. `amount` is the totalAmount shown; it must match the server's. */
export const requestOrderPayment = orderPaymentRequest;
export const requestOrderPaymentResponse = paymentResponse;
