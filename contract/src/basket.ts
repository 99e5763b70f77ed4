import { z } from 'zod';
import { MSG } from './messages.js';
import { DEFAULT_ADDRESS_REFERENCE, FIELD_LIMITS, NEW_ADDRESS_REFERENCE } from './limits.js';
import { digitsParam, idNumber, itemNumber, money, quantity, textBoolean, unitPrice } from './common.js';
import { deliveryAddress } from './auth.js';

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
export type DeliveryInformationForm = z.infer<typeof deliveryInformationForm>;

/**
 * POST /basket/header: the spec's payload. deliveryCode is INVOICE, a saved address reference, or
 * 'New Delivery Address'. For INVOICE and saved addresses the server takes the address from the
 * account, never from the payload.
 */
export const basketHeaderRequest = z.lazy(() =>
  z
    .object({
      externalDocNo: z.string().trim().max(200).describe('Purchase order'),
      deliveryCode: z.string().trim().min(1).max(60).default(DEFAULT_ADDRESS_REFERENCE),
      name: z.string().trim().max(200).default(''),
      address: z.string().trim().max(200).default(''),
      address2: z.string().trim().max(200).default(''),
      city: z.string().trim().max(200).default(''),
      postCode: z.string().trim().max(200).default(''),
      country: z.string().trim().max(200).default(''),
      county: z.string().trim().max(200).default(''),
      phoneNo: z.string().trim().max(200).default('').transform(normalisePhone),
      contact: z.string().trim().max(200).default(''),
    })
    .superRefine((v, ctx) => {
      if (!v.externalDocNo)
        ctx.addIssue({ code: 'custom', path: ['externalDocNo'], message: MSG.missingDeliveryInformation });
      else if (v.externalDocNo.length > FIELD_LIMITS.purchaseOrder)
        ctx.addIssue({ code: 'custom', path: ['externalDocNo'], message: MSG.purchaseOrderTooLong });
      if (v.deliveryCode !== NEW_ADDRESS_REFERENCE) return;
      const form = deliveryInformationForm.safeParse({
        addressReference: v.deliveryCode,
        purchaseOrder: v.externalDocNo || 'x',
        name: v.name,
        address1: v.address,
        address2: v.address2,
        city: v.city,
        county: v.county,
        country: v.country,
        contact: v.contact,
        postcode: v.postCode,
        phoneNumber: v.phoneNo,
      });
      if (!form.success) {
        const toWire: Record<string, string> = { address1: 'address', postcode: 'postCode', phoneNumber: 'phoneNo' };
        for (const issue of form.error.issues) {
          const field = String(issue.path[0] ?? '');
          ctx.addIssue({ code: 'custom', path: [toWire[field] ?? field], message: issue.message });
        }
      }
    }),
);
export type BasketHeaderRequest = z.input<typeof basketHeaderRequest>;

export const deliveryInformation = z.lazy(() =>
  z.object({
    addressReference: z.string(),
    purchaseOrder: z.string(),
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    county: z.string(),
    country: z.string(),
    contact: z.string(),
    postcode: z.string(),
    phoneNumber: z.string(),
  }),
);
export type DeliveryInformation = z.infer<typeof deliveryInformation>;

export const submitBasketParams = z.lazy(() => z.object({ id: digitsParam(0).describe('Basket revision reviewed') }));
export const submitBasketRequest = z.lazy(() =>
  z.object({ amount: money.describe('The total the customer was shown') }),
);
export const submitBasketResponse = z.lazy(() => z.object({ orderNumber: z.string() }));

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
    first_name: z.string().max(100),
    last_name: z.string().max(100),
    line_1: z.string().max(200),
    city: z.string().max(100),
    post_code: z.string().max(40),
    country: z.string().max(100),
    county: z.string().max(100),
    phone: z.string().max(40),
  }),
);
export const billingAddress = paymentAddress;
export const shippingAddress = z.lazy(() => paymentAddress.unwrap().extend({ line_2: z.string().max(200) }));

/** POST /payment/request (proforma). Figures in it are informational: the server prices the basket. */
export const orderPaymentRequest = z.lazy(() =>
  z.object({
    amount: money,
    account_code: z.string().max(40),
    currency: z.string().max(3),
    reference: z.string().max(200),
    description: z.string().max(500),
    billing_address: billingAddress,
    shipping_address: shippingAddress,
  }),
);
export type OrderPaymentRequest = z.infer<typeof orderPaymentRequest>;

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
  }),
);
export type BasketHeader = z.infer<typeof basketHeader>;

/** POST /basket/submit/{id}: submitBasket. `amount` is the totalAmount (with VAT) the customer was shown. */
export type SubmitBasketRequest = z.infer<typeof submitBasketRequest>;
export type SubmitBasketResponse = z.infer<typeof submitBasketResponse>;

/** GET /basket/confirmation: getOrderConfirmation. */
export const getOrderConfirmationResponse = orderConfirmation;

/** POST /payment/request: requestOrderPayment. `amount` is the totalAmount shown; it must match the server's. */
export const requestOrderPayment = orderPaymentRequest;
export const requestOrderPaymentResponse = paymentResponse;
