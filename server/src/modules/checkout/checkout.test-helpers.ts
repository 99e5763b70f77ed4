/** Test support: a POST /payment/request body as the web sends it. */
export function paymentBody(total: number) {
  const address = {
    first_name: 'Pat',
    last_name: 'Tester',
    line_1: '1 Test Street',
    city: 'Bristol',
    post_code: 'BS1 1AA',
    country: 'United Kingdom (Mainland)',
    county: 'Avon',
    phone: '01170000000',
  };
  return {
    amount: total,
    account_code: 'T1',
    currency: 'GBP',
    reference: 'PO',
    description: '',
    billing_address: address,
    shipping_address: { ...address, line_2: '' },
  };
}
