import { z } from 'zod';
import { errorResponse } from '../common.js';
import { withDetails } from '../endpoints.js';
import { MSG } from '../messages.js';
import { ORDER_CUT_OFF_PATTERN } from '../limits.js';
import { routeTable, staff } from '../routes.js';
import { STAFF_PREFIX } from './common.js';
import { BACK_OFFICE_MSG } from './back-office-messages.js';

/**
 * The operator settings the staff back office changes (admin): the banner, the order cut-off,
 * support email, the tracking URL template and the company details. Each field's rule lives here
 * once: the staff API's request and the admin CLI's `set-setting` both check a value with
 * SETTING_VALUE_RULES (server/src/modules/site/settings.service.ts).
 */

const text = (max: number) => z.string().trim().max(max, MSG.maxCharacters(max));
const url = (max: number) => text(max).regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, BACK_OFFICE_MSG.urlFormat);

/** Each setting the staff screen edits: its field in the API and its key in the settings table. */
export const STAFF_SETTING_FIELDS = {
  bannerShow: 'notification.show',
  bannerText: 'notification.text',
  orderCutOff: 'order.cutOff',
  supportEmail: 'support.email',
  trackingUrlTemplate: 'tracking.urlTemplate',
  trackingCarrier: 'tracking.carrier',
  companyName: 'company.name',
  companyAddress: 'company.address',
  companyVatNumber: 'company.vatNumber',
  companyGeneralEnquiries: 'company.generalEnquiries',
  companySiteUrl: 'company.siteUrl',
  companyCustomerLoginUrl: 'company.customerLoginUrl',
  companyParentGroupUrl: 'company.parentGroupUrl',
  outOfStockUrl: 'outOfStock.url',
} as const;
export type StaffSettingField = keyof typeof STAFF_SETTING_FIELDS;

/** The rule of each text setting's value (the stored text; the banner's switch is a boolean in the API). */
export const SETTING_VALUE_RULES = {
  'notification.show': z.enum(['true', 'false']),
  'notification.text': text(500),
  'order.cutOff': z.string().trim().regex(ORDER_CUT_OFF_PATTERN, BACK_OFFICE_MSG.cutOffFormat),
  'support.email': z.string().trim().max(100, MSG.maxCharacters(100)).pipe(z.email(BACK_OFFICE_MSG.supportEmailFormat)),
  'tracking.urlTemplate': url(500).refine((v) => v.includes('{trackingId}'), BACK_OFFICE_MSG.trackingTemplateFormat),
  'tracking.carrier': text(50),
  'company.name': text(100).min(1, MSG.required),
  'company.address': text(300),
  'company.vatNumber': text(30),
  'company.generalEnquiries': z
    .string()
    .trim()
    .max(100, MSG.maxCharacters(100))
    .pipe(z.email(BACK_OFFICE_MSG.emailFormat)),
  'company.siteUrl': url(300),
  'company.customerLoginUrl': url(300),
  'company.parentGroupUrl': url(300),
  'outOfStock.url': url(300),
} as const satisfies Record<(typeof STAFF_SETTING_FIELDS)[StaffSettingField], z.ZodType<string>>;

/** GET: every setting the screen edits, as stored (or its default). */
export const staffSettings = z.lazy(() =>
  z.object({
    bannerShow: z.boolean(),
    bannerText: z.string(),
    orderCutOff: z.string(),
    supportEmail: z.string(),
    trackingUrlTemplate: z.string(),
    trackingCarrier: z.string(),
    companyName: z.string(),
    companyAddress: z.string(),
    companyVatNumber: z.string(),
    companyGeneralEnquiries: z.string(),
    companySiteUrl: z.string(),
    companyCustomerLoginUrl: z.string(),
    companyParentGroupUrl: z.string(),
    outOfStockUrl: z.string(),
  }),
);
export type StaffSettings = z.infer<typeof staffSettings>;

/** PATCH: the fields to change (the others stay); all are stored or none. */
export const updateStaffSettingsRequest = z.lazy(() =>
  z
    .object({
      bannerShow: z.boolean().optional(),
      bannerText: SETTING_VALUE_RULES['notification.text'].optional(),
      orderCutOff: SETTING_VALUE_RULES['order.cutOff'].optional(),
      supportEmail: SETTING_VALUE_RULES['support.email'].optional(),
      trackingUrlTemplate: SETTING_VALUE_RULES['tracking.urlTemplate'].optional(),
      trackingCarrier: SETTING_VALUE_RULES['tracking.carrier'].optional(),
      companyName: SETTING_VALUE_RULES['company.name'].optional(),
      companyAddress: SETTING_VALUE_RULES['company.address'].optional(),
      companyVatNumber: SETTING_VALUE_RULES['company.vatNumber'].optional(),
      companyGeneralEnquiries: SETTING_VALUE_RULES['company.generalEnquiries'].optional(),
      companySiteUrl: SETTING_VALUE_RULES['company.siteUrl'].optional(),
      companyCustomerLoginUrl: SETTING_VALUE_RULES['company.customerLoginUrl'].optional(),
      companyParentGroupUrl: SETTING_VALUE_RULES['company.parentGroupUrl'].optional(),
      outOfStockUrl: SETTING_VALUE_RULES['outOfStock.url'].optional(),
    })
    .strict(),
);
export type UpdateStaffSettingsRequest = z.input<typeof updateStaffSettingsRequest>;

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorResponse]));

export const staffSettingsRoutes = /* @__PURE__ */ routeTable({
  getStaffSettings: { method: 'GET', path: `${STAFF_PREFIX}/settings`, access: staff('admin') },
  updateStaffSettings: { method: 'PATCH', path: `${STAFF_PREFIX}/settings`, access: staff('admin') },
});

export const staffSettingsEndpoints = /* @__PURE__ */ withDetails(staffSettingsRoutes, {
  getStaffSettings: {
    tags: ['staff: settings'],
    summary: 'The banner, order cut-off, support email, tracking URL template and company details',
    response: { 200: staffSettings, ...errors(401, 403) },
  },
  updateStaffSettings: {
    tags: ['staff: settings'],
    summary: 'Change settings (only the fields given); all are stored or none; audited with before and after',
    description: 'Showing the banner needs its text (given or stored).',
    body: updateStaffSettingsRequest,
    response: { 200: staffSettings, ...errors(400, 401, 403) },
  },
});
