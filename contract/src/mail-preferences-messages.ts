// Email preferences in My Details, in a module of their own (the details screen's chunk).
export const PREFS_MSG = {
  title: 'Email Preferences',
  intro: 'Order acknowledgements, payment receipts and password emails always come.',
  despatch: 'Email me when an order is despatched',
  cancellation: 'Email me when an order is cancelled',
  saved: 'Email preferences saved',
  failed: 'Unable to save email preferences',
  loadFailed: 'Unable to load email preferences',
} as const;
