// Every mail the server sends, by family; each writes its words from the server catalog (decision 0085).
export {
  accountExistsMail,
  invitationMail,
  noAccountMail,
  passwordResetMail,
  signUpVerificationMail,
  welcomeMail,
} from './account-mails';
export { apiTokenExpiringMail } from './api-token-mails';
export {
  ceilingAlertMail,
  creditNoteMail,
  invoiceIssuedMail,
  trialEndedMail,
  trialEndingMail,
} from './billing-mails';
export { chatReplyMail, solutionsBriefMail } from './sales-mails';
export { serviceReportMail } from './service-report-mails';
export {
  serviceWindowNoticeMail,
  serviceWindowOutcomeMail,
  type WindowOutcome,
} from './service-window-mails';
export { chatStartedMail, jobApplicationMail, leadNotificationMail } from './team-mails';
export { recoveryCodeUsedMail } from './two-factor-mails';
export { webhookDisabledMail } from './webhook-mails';
