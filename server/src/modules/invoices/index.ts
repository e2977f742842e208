export { ceilingsOf, settleCeilingAlerts } from './ceilings';
export { invoiceCustomer } from './generation';
export { creditInvoice, issueInvoice, payInvoice } from './lifecycle';
export { billingJob, invoiceRoutes } from './routes';
