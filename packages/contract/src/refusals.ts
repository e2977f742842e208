import { SITE_REFUSALS } from './site-refusals';

/**
 * What the server says in a form's fields when it refuses something the schemas cannot check
 * (a used link, a wrong code). Written here, beside the schemas' messages, so that the catalog
 * carries them too and forms show them in the reader's language.
 */
export const FIELD_REFUSALS = {
  linkUsed: SITE_REFUSALS.linkUsed,
  customerIdTaken: /*i18n*/ 'Another customer has this id; choose another or leave it empty',
  companyNameTaken: /*i18n*/ 'A customer with this company name exists already',
  userAddressTaken: /*i18n*/ 'A user with this address exists already',
  signUpAddressTaken: SITE_REFUSALS.signUpAddressTaken,
  unsubscribeLinkInvalid: SITE_REFUSALS.unsubscribeLinkInvalid,
  passwordIsEmail: SITE_REFUSALS.passwordIsEmail,
  notCurrentPassword: /*i18n*/ 'That is not your current password',
  notYourPassword: /*i18n*/ 'That is not your password',
  signInCodeNeeded: SITE_REFUSALS.signInCodeNeeded,
  signInCodeWrong: SITE_REFUSALS.signInCodeWrong,
  signInPasskeyNeeded: SITE_REFUSALS.signInPasskeyNeeded,
  roleNotGrantable: /*i18n*/ 'You cannot grant this role to users of this customer',
  ssoDomainTaken: /*i18n*/ 'Another customer signs in with {domain} already',
  ssoIssuerUnreachable: /*i18n*/ 'No OpenID Connect provider answers at this address; check the issuer URL',
  ssoIssuerHttps: /*i18n*/ 'Use an https:// address',
  ssoClientSecretNeeded: /*i18n*/ 'Enter the client secret',
  lastManager:
    /*i18n*/ 'The customer needs at least one active user manager; make someone else a manager first',
  lastMaster: /*i18n*/ 'The staff need at least one active master; make someone else a master first',
  ownMasterRole: /*i18n*/ 'You cannot remove your own master role; another master can',
  deactivateSelf: /*i18n*/ 'You cannot deactivate yourself; another master can',
  notInvited: /*i18n*/ 'This user has set a password already; there is no invitation to send',
  enrolmentCodeWrong: /*i18n*/ 'That code is not right; check the time on your device and try again',
  notCustomersTag: /*i18n*/ 'Choose a tag of this customer',
  startPassed: /*i18n*/ 'Choose a start that is still to come',
  clocksSkipHour: /*i18n*/ 'This time does not exist: the clocks skip this hour that night for summer time',
  recipientMailCap:
    /*i18n*/ 'This address has had as many mails from us as it may this hour; try again later',
  invitationsPerHour: /*i18n*/ 'You have sent as many invitations as you may this hour; try again later',
} as const;

/** Why a webhook address is refused (400 in `url`, at registration; a delivery's attempt logs it). */
export const WEBHOOK_REFUSALS = {
  httpsOnly: /*i18n*/ 'Use an https:// address',
  privateTarget:
    /*i18n*/ 'This address leads to a private, loopback or link-local network ({address}); use a public address',
  unresolvable: /*i18n*/ 'No address could be found for {host}; check the spelling',
} as const;

/** Why an invoice refuses a step of its lifecycle (409, decision 0065). */
export const INVOICE_REFUSALS = {
  notDraft: /*i18n*/ 'This invoice is issued already',
  notIssued: /*i18n*/ 'Only an issued invoice can be marked paid',
  notCreditable: /*i18n*/ 'Only an issued or paid invoice can be credited, once',
  paidInFuture: /*i18n*/ 'The payment cannot arrive after today',
  paidBeforeIssue: /*i18n*/ 'The payment cannot arrive before the invoice was issued',
} as const;

/**
 * Why the roles chosen for a server, or a role's parameter values, are refused (400, in the field
 * concerned); the domain's blending and parameter rules name them by these codes.
 */
export const ROLE_REFUSALS = {
  tooManyRoles: /*i18n*/ 'Choose at most {max} roles',
  roleTwice: /*i18n*/ 'Choose each role once',
  unknownRole: /*i18n*/ 'Unknown role: {role}',
  monitoringAlone:
    /*i18n*/ "{role} is a monitoring role and runs alone: it can't be combined with another role",
  notBlendable: /*i18n*/ "{role} can't be combined with another role",
  roleNotChosen: /*i18n*/ 'This role is not chosen',
  notAParameter: /*i18n*/ 'Not a parameter of this role',
  enterText: /*i18n*/ 'Enter text',
  textTooLong: /*i18n*/ 'Use at most {max} characters',
  chooseYesOrNo: /*i18n*/ 'Choose yes or no',
  chooseOneOf: /*i18n*/ 'Choose one of {options}',
  wholeNumber: /*i18n*/ 'Enter a whole number',
  atLeast: /*i18n*/ 'Enter at least {min}',
  atMost: /*i18n*/ 'Enter at most {max}',
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

/**
 * Every other refusal the server writes (decision 0068), by code. Its message is the catalog's id;
 * one with `{name}` parameters is sent with their values, and the reader's client formats them
 * (dates, times, numbers) and fills them into the message in the reader's language.
 */
export const REFUSALS = {
  signInToContinue: /*i18n*/ 'Sign in to continue',
  notAllowed: /*i18n*/ 'You are not allowed to do this',
  notFound: /*i18n*/ 'Not found',
  noRoute: /*i18n*/ 'No route for {method} {path}',
  addressNotValid: /*i18n*/ 'The address of the request is not valid',
  fieldsNeedAttention: /*i18n*/ 'Some fields need attention',
  invalidValue: /*i18n*/ 'Invalid value',
  serverFault:
    /*i18n*/ 'Something went wrong on our side. If it keeps happening, quote request id {requestId}.',
  sendJson: /*i18n*/ 'Send the request body as application/json',
  sendCspReport: /*i18n*/ 'Send the report as application/csp-report or application/reports+json',
  bodyTooLarge: /*i18n*/ 'The request body is too large',
  contentLengthWrong: /*i18n*/ 'The Content-Length header does not match the body',
  bodyEmpty: /*i18n*/ 'The request body is empty; send a JSON object',
  bodyNotJson: /*i18n*/ 'The request body is not valid JSON',
  xsrfTokenInvalid: /*i18n*/ 'Missing or invalid XSRF token; reload the page and try again',
  tooManyRequests:
    /*i18n*/ 'Too many requests. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  tooManySignIns:
    /*i18n*/ 'Too many failed sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  tooManyResetTries:
    /*i18n*/ 'Too many tries with password links. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  tooManyWrongPasswords:
    /*i18n*/ 'Too many wrong passwords. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  databaseDown: /*i18n*/ 'The database does not answer',
  pageLinkStale: /*i18n*/ 'This page link is no longer valid; start from the first page',
  notACursor: /*i18n*/ 'Not a cursor this list gave out',
  wrongEmailOrPassword: SITE_REFUSALS.wrongEmailOrPassword,
  useCompanySignIn: SITE_REFUSALS.useCompanySignIn,
  noCompanySignIn: /*i18n*/ 'Company sign-in is not set up for this customer',
  tokenExpired: /*i18n*/ 'Token expired',
  financeTokenRequired: /*i18n*/ 'A finance access token is required',
  apiTokenInvalid: /*i18n*/ 'This API token is not valid: it is unknown, expired or revoked',
  apiTokenLacksScope: /*i18n*/ 'This API token does not have the {scope} scope',
  apiTokenNotAccepted: /*i18n*/ 'API tokens cannot call this route; sign in instead',
  apiTokensOwnSignIn:
    /*i18n*/ 'Only a manager of the customer, signed in as themselves, can make its API tokens',
  tooManyApiTokens: /*i18n*/ 'The customer has {max} live tokens already; revoke one first',
  noSuchApiToken: /*i18n*/ 'No such token',
  noSuchPasskey: /*i18n*/ 'No such passkey',
  passkeySignInFailed: SITE_REFUSALS.passkeySignInFailed,
  passkeyNotVerified: /*i18n*/ 'Your passkey could not be checked; try adding it again',
  passkeyRegisteredAlready: /*i18n*/ 'This passkey is registered already',
  lastPasskeyRequired:
    /*i18n*/ 'Your organisation requires two-factor sign-in: add another passkey or an authenticator app before you remove this one',
  notWhileImpersonating: /*i18n*/ 'Not while impersonating: only the account holder can change this',
  stopImpersonationFirst: /*i18n*/ 'Stop the current impersonation first',
  staffNotImpersonated: /*i18n*/ 'Staff accounts cannot be impersonated',
  notImpersonating: /*i18n*/ 'You are not impersonating anyone',
  metricsTokenNeeded: /*i18n*/ 'Metrics need the bearer token set in METRICS_TOKEN',
  noSuchCustomer: /*i18n*/ 'No such customer',
  noSuchUser: /*i18n*/ 'No such user',
  noSuchStaffMember: /*i18n*/ 'No such staff member',
  noSuchSession: /*i18n*/ 'No such session (to end this one, sign out)',
  twoFactorOnTurnOffFirst: /*i18n*/ 'Two-factor sign-in is already on; turn it off first',
  twoFactorOn: /*i18n*/ 'Two-factor sign-in is already on',
  startEnrolmentFirst: /*i18n*/ 'Start two-factor enrolment first',
  enrolSecondFactorFirst:
    /*i18n*/ 'Set up two-factor sign-in first: your organisation requires it for your account',
  onlySecondFactorRequired:
    /*i18n*/ 'Your organisation requires two-factor sign-in: add a passkey before you turn the authenticator app off',
  noSecondFactorForRecoveryCodes:
    /*i18n*/ 'Recovery codes stand in for a second factor: set up an authenticator app or a passkey first',
  noSuchFeature: /*i18n*/ 'No such feature',
  noSuchChangeRequest: /*i18n*/ 'No such change request',
  changeRequestTargetGone: /*i18n*/ 'The server or tag of this change request is gone',
  changeRequestDecided:
    /*i18n*/ 'This change request is already {status, select, merged {merged} other {closed}}',
  configurationChanged: /*i18n*/ 'The configuration changed since this request was opened; open a new one',
  nothingToChange: /*i18n*/ 'Nothing to change: this is the current configuration',
  planInForce: /*i18n*/ 'This is the plan already in force',
  noSuchServer: /*i18n*/ 'No such server',
  noSuchServerNamed: /*i18n*/ 'No such server: {certname}',
  noSuchMachineNamed: /*i18n*/ 'No such server or cluster: {certname}',
  noSuchMachineOrCluster: /*i18n*/ 'No {kind, select, cluster {cluster} other {server}} {certname}',
  serverNamedExists: /*i18n*/ 'A server named {certname} already exists',
  serverDecommissioned: /*i18n*/ 'This server is already decommissioned',
  serverWouldHaveTooManyTags: /*i18n*/ '{certname} would have more than {count} tags',
  serverHasTooManyTags: /*i18n*/ '{certname} already has {count} tags',
  noSuchCluster: /*i18n*/ 'No such cluster',
  clusterNamedExists: /*i18n*/ 'A cluster named {name} already exists',
  nodeGroupNamedTwice: /*i18n*/ 'Name each node group once',
  noSuchTag: /*i18n*/ 'No such tag',
  noTagNamed: /*i18n*/ 'No tag named {name}',
  noTeamNamed: /*i18n*/ 'No team named {name}',
  tagNamedExists: /*i18n*/ 'A tag named {name} already exists',
  noSuchContact: /*i18n*/ 'No such contact',
  noSuchInvoice: /*i18n*/ 'No such invoice',
  noSuchWebhook: /*i18n*/ 'No such webhook',
  noSuchDelivery: /*i18n*/ 'No such delivery',
  noSuchCreditNote: /*i18n*/ 'No such credit note',
  noReportForMonth:
    /*i18n*/ 'There is no report for {month}: the month is not over, or came before the service began',
  noSuchInstallToken: /*i18n*/ 'No such install token',
  sendBearer:
    /*i18n*/ 'Send the {kind, select, install {install token} bootstrap {bootstrap token} cluster {cluster credential} other {agent credential}} as "Authorization: Bearer …"',
  unknownCredential:
    /*i18n*/ 'Unknown {kind, select, install {install token} bootstrap {bootstrap token} cluster {cluster credential} other {agent credential}}',
  tokenForOtherCustomer:
    /*i18n*/ 'This {kind, select, install {install token} other {bootstrap token}} was not issued for customer {customerId}',
  tokenUsed:
    /*i18n*/ 'This {kind, select, install {install token} other {bootstrap token}} has been used already; create a new one in the portal',
  tokenExpiredAt:
    /*i18n*/ 'This {kind, select, install {install token} other {bootstrap token}} expired at {at}; create a new one in the portal',
  serverNotInstalling:
    /*i18n*/ 'This server is no longer waiting to be installed; create a new token in the portal',
  verifyTokenFirst: /*i18n*/ 'Verify the install token first',
  clusterNotBootstrapping:
    /*i18n*/ 'This cluster is no longer waiting to be bootstrapped; add it again in the portal',
  unknownCalendarFeed: /*i18n*/ 'Unknown calendar feed',
  notInWindow: /*i18n*/ '{certname} is not in this window',
  windowNotOpen: /*i18n*/ 'This window has not opened yet',
  noSuchUpdateGroup: /*i18n*/ 'No such update group',
  noSuchServiceWindow: /*i18n*/ 'No such service window',
  proposalAnswered: /*i18n*/ 'This proposal has been answered already',
  noSuchProposal: /*i18n*/ 'No such proposal',
  onlyUnstartedSkipped: /*i18n*/ 'Only a window that has not started yet can be skipped',
  exemptionAnswered: /*i18n*/ 'This exemption has been answered already',
  noSuchExemption: /*i18n*/ 'No such exemption',
  notInGroup: /*i18n*/ '{certname} is not in {group}',
  notWindowTarget: /*i18n*/ '{certname} is not a target of this window',
  chatBearer: /*i18n*/ 'Send the conversation id and a fresh one-time code as the bearer',
  noSuchConversation: /*i18n*/ 'No such conversation',
  visitorPlaceUnknown: /*i18n*/ 'backend couldnt find user ip',
  conversationClosed: /*i18n*/ 'This conversation is closed',
  chatOwnSiteOnly: /*i18n*/ 'The chat takes connections from our own site only',
  eventsOwnSiteOnly: /*i18n*/ 'Live updates are sent to our own portal only',
  tooManyEventStreams:
    /*i18n*/ 'This sign-in has {max} live update streams open already; close a tab and try again',
  chooseHourlyProduct: /*i18n*/ 'Choose an hourly consultation product',
  chooseRecentDate: /*i18n*/ 'Choose a date from today back 24 months',
  noSuchEntry: /*i18n*/ 'No such entry',
  noSuchEmployee: /*i18n*/ 'No such employee',
  entryOverlaps: /*i18n*/ 'This overlaps your entry for {customer} on {date}, {start}–{end}',
  monthApproved: /*i18n*/ '{month} is approved and locked',
  monthHandedIn: /*i18n*/ '{month} is handed in for approval and can’t change now',
  monthEmpty: /*i18n*/ '{month} has no entries to hand in',
  ceilingReached:
    /*i18n*/ '{customer} has reached its expense ceiling this month: ordinary work needs the customer’s pre-approval first (alert handling may go on)',
  ownMonthByAnother: /*i18n*/ 'Another approver decides on your own month',
  onlySubmittedDecided: /*i18n*/ 'Only a submitted month can be approved or rejected',
} as const;

/** The values a refusal's parameters take: text as it is, numbers, or ISO dates and times to format. */
export type RefusalValues = Record<string, string | number>;

/**
 * How each parameter name is formatted for the reader, the same in every message: `date` is an ISO
 * date, `month` a `YYYY-MM`, `start`/`end` a wall-clock `HH:MM`, `at` an ISO instant; numbers stay
 * numbers. Any other name is text shown as it is (a name, a certname).
 */
export const REFUSAL_VALUE_KINDS: Record<string, 'date' | 'month' | 'time' | 'instant'> = {
  date: 'date',
  month: 'month',
  start: 'time',
  end: 'time',
  at: 'instant',
};

/**
 * A message filled with its values in English, as API clients without a catalog read it: `{name}`,
 * and `{name, plural|select, … other {…}}` with `#` for the number.
 */
export function fillRefusal(message: string, values: RefusalValues = {}): string {
  return message.replace(
    /\{(\w+)(?:, (plural|select), ((?:[^{}]|\{[^{}]*\})*))?\}/g,
    (whole, name: string, kind?: string, cases?: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      if (!kind || !cases) return String(value);
      const options = new Map([...cases.matchAll(/(=?\w+) \{([^{}]*)\}/g)].map((m) => [m[1], m[2] ?? '']));
      const key =
        kind === 'plural'
          ? options.has(`=${value}`)
            ? `=${value}`
            : value === 1
              ? 'one'
              : 'other'
          : String(value);
      return (options.get(key) ?? options.get('other') ?? '').replace('#', String(value));
    },
  );
}
