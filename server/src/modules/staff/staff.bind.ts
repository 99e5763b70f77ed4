import { staffEndpoints } from '@wholesale/contract/staff';
import type { AppContext } from '../../context.js';
import { keyPart } from '../../lib/throttle.js';
import { bindings } from '../../plugins/bind.js';
import { actorOf } from './staff.service.js';

/**
 * The back office's own endpoints: sign-in and the second factor, Today, the audit log, view as
 * customer and the staff users. The staff module binds them in its own context (staff.plugin.ts).
 */
export const staffBindings = (ctx: AppContext) => {
  const { staff, staffAudit, staffToday, viewAs } = ctx.services;
  const { throttle, limits } = ctx;
  // The challenge or the set-up link is the key: counted per client address.
  const perAddress = (_caller: unknown, req: { ip: string }) =>
    [[limits.oneTimeIp, req.ip]] as [typeof limits.oneTimeIp, string][];
  return bindings('staff', staffEndpoints, {
    // Throttled as the customer login, per address always and per username typed. Counted in the
    // call rather than by the binding's throttle, because a right password clears the username's count.
    staffLogin: {
      call: async (_caller, body, { request }) => {
        const name = keyPart(body.username);
        await throttle.enforce([limits.loginIp, request.ip], [limits.loginUser, `staff:${name}`]);
        const answer = await staff.staffLogin(body);
        await throttle.reset(limits.loginUser, `staff:${name}`);
        return answer;
      },
    },
    // Wrong codes also count on the staff member and lock the login (staff.service.ts).
    enrolStaffFactor: {
      throttle: perAddress,
      call: (_caller, body, { request }) => staff.enrolStaffFactor(body, request.ip),
    },
    verifyStaffFactor: {
      throttle: perAddress,
      call: (_caller, body, { request }) => staff.verifyStaffFactor(body, request.ip),
    },
    describeStaffSetupLink: { throttle: perAddress, service: staff },
    setUpStaffPassword: {
      throttle: perAddress,
      call: (_caller, body, { request }) => staff.setUpStaffPassword(undefined, body, request.ip),
    },
    staffLogout: { service: staff },
    getStaffMe: { service: staff },

    getStaffToday: { call: () => staffToday.getStaffToday() },

    searchStaffAudit: { service: staffAudit },
    exportStaffAudit: {
      call: (_caller, query) => ({
        filename: `staff-audit-${new Date().toISOString().slice(0, 10)}.csv`,
        chunks: staffAudit.exportCsv(query),
      }),
    },

    startViewAs: { service: viewAs },
    endViewAs: { service: viewAs },

    // The back office's own people (admins); the CLI calls the same service methods (staff.admin.ts).
    listStaffUsers: { call: () => staff.listStaff() },
    createStaffUser: { call: (caller, body) => staff.createStaff(actorOf(caller), body) },
    setStaffUserRole: { call: (caller, { username, role }) => staff.setStaffRole(actorOf(caller), username, role) },
    disableStaffUser: { call: (caller, { username }) => staff.disableStaff(actorOf(caller), username) },
    enableStaffUser: { call: (caller, { username }) => staff.enableStaff(actorOf(caller), username) },
  });
};

/**
 * The back office's customers, customer users, orders, settings and integration: each endpoint
 * answered by the service method of its name, with the staff member as the caller.
 */
export const backOfficeBindings = (ctx: AppContext) => {
  const { customers, users, orders, settings, integration } = ctx.services.backOffice;
  return bindings('back-office', staffEndpoints, {
    searchCustomers: { service: customers },
    getCustomer: { service: customers },
    updateCustomerCredit: { service: customers },

    getCustomerUser: { service: users },
    createCustomerUser: { service: users },
    disableCustomerUser: { service: users },
    enableCustomerUser: { service: users },
    sendCustomerUserPasswordReset: { service: users },
    unlockCustomerUser: { service: users },
    endCustomerUserSessions: { service: users },

    listStaffOrders: { service: orders },
    getStaffOrder: { service: orders },
    setStaffOrderStatus: { service: orders },
    resendOrderAcknowledgement: { service: orders },

    getStaffSettings: { service: settings },
    updateStaffSettings: { service: settings },

    listStaffApiClients: { service: integration },
    createStaffApiClient: { service: integration },
    rotateStaffApiClientKey: { service: integration },
    revokeStaffApiKey: { service: integration },
    revokeStaffApiClient: { service: integration },
    listStaffWebhookEndpoints: { service: integration },
    listStaffWebhookDeliveries: { service: integration },
    redeliverStaffWebhookDelivery: { service: integration },
  });
};
