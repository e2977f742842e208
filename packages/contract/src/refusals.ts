/**
 * What the server says in a form's fields when it refuses something the schemas cannot check
 * (a used link, a wrong code). Written here, beside the schemas' messages, so that the catalog
 * carries them too and forms show them in the reader's language.
 */
export const FIELD_REFUSALS = {
  linkUsed: /*i18n*/ 'This link has expired or was used already. Ask for a new one.',
  customerIdTaken: /*i18n*/ 'Another customer has this id; choose another or leave it empty',
  companyNameTaken: /*i18n*/ 'A customer with this company name exists already',
  userAddressTaken: /*i18n*/ 'A user with this address exists already',
  signUpAddressTaken: /*i18n*/ 'This address has an account already. Log in, or ask for a new password.',
  unsubscribeLinkInvalid: /*i18n*/ 'This link is not valid; enter your address instead',
  passwordIsEmail: /*i18n*/ 'Do not use your email address as your password',
  notCurrentPassword: /*i18n*/ 'That is not your current password',
  notYourPassword: /*i18n*/ 'That is not your password',
  signInCodeNeeded: /*i18n*/ 'Enter the 6-digit code from your authenticator app',
  signInCodeWrong: /*i18n*/ 'That code is not right, or was used already',
  roleNotGrantable: /*i18n*/ 'You cannot grant this role to users of this customer',
  lastManager:
    /*i18n*/ 'The customer needs at least one active user manager; make someone else a manager first',
  notInvited: /*i18n*/ 'This user has set a password already; there is no invitation to send',
  enrolmentCodeWrong: /*i18n*/ 'That code is not right; check the time on your device and try again',
  notCustomersTag: /*i18n*/ 'Choose a tag of this customer',
  startPassed: /*i18n*/ 'Choose a start that is still to come',
  clocksSkipHour: /*i18n*/ 'This time does not exist: the clocks skip this hour that night for summer time',
  recipientMailCap:
    /*i18n*/ 'This address has had as many mails from us as it may this hour; try again later',
  invitationsPerHour: /*i18n*/ 'You have sent as many invitations as you may this hour; try again later',
} as const;

/** Why an invoice refuses a step of its lifecycle (409, decision 0065). */
export const INVOICE_REFUSALS = {
  notDraft: /*i18n*/ 'This invoice is issued already',
  notIssued: /*i18n*/ 'Only an issued invoice can be marked paid',
  notCreditable: /*i18n*/ 'Only an issued or paid invoice can be credited, once',
  paidInFuture: /*i18n*/ 'The payment cannot arrive after today',
  paidBeforeIssue: /*i18n*/ 'The payment cannot arrive before the invoice was issued',
} as const;

/** What the server answers when it cannot honour an `Idempotency-Key` (decision 0062). */
export const IDEMPOTENCY_REFUSALS = {
  keyInvalid: /*i18n*/ 'The Idempotency-Key header must be 1 to 255 letters, digits or . _ ~ : + / = -',
  keyReused:
    /*i18n*/ 'This Idempotency-Key was sent with another request; send a new key with each submission',
  stillRunning: /*i18n*/ 'The same submission is still being processed; wait a moment, then try again',
} as const;

/**
 * What the server answers, with 503 and `Retry-After`, when its database cannot serve a request
 * just now; marked for the catalog so forms show it in the reader's language.
 */
export const DATABASE_FAULT_MESSAGES = {
  unreachable: /*i18n*/ 'The database cannot be reached just now; try again in a moment',
  pool_timeout: /*i18n*/ 'The server is too busy to answer just now; try again in a moment',
  statement_timeout: /*i18n*/ 'The database took too long to answer; try again in a moment',
} as const;
