import type { OpenOrder } from '@wholesale/contract';

/** Open orders as GET /api/order answers them, for the screens' tests. */
export function openOrder(orderNumber: string, orderedDate: string, extra: Partial<OpenOrder> = {}): OpenOrder {
  return {
    orderNumber,
    reference: `PO-${orderNumber}`,
    location: 'MAIN1',
    despatchDate: null,
    orderedDate,
    invoiceTotal: 120,
    amount: 100,
    vatAmount: 20,
    isTrackingAvailable: false,
    status: 'Open',
    totalOrderAmount: 100,
    openOrderLine: [
      {
        type: 'Item',
        itemNo: 'RB-100',
        description: 'Roller blind Charcoal',
        quantity: 5,
        quantityShipped: 0,
        location: 'MAIN1',
        unit: 'EACH',
        unitPrice: 18,
        lineDiscount: 10,
        total: 90,
      },
      {
        type: 'Charge',
        itemNo: 'CARRIAGE',
        description: 'Carriage',
        quantity: 1,
        quantityShipped: 0,
        location: 'MAIN1',
        unit: 'EACH',
        unitPrice: 10,
        lineDiscount: 0,
        total: 10,
      },
    ],
    ...extra,
  };
}
