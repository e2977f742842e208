export { mailLinkRoutes } from './link-routes';
export { createMailLinks } from './mail-links';
export type { Mail, Mailer } from './mailer';
export { createMailer } from './mailer';
export { optedOut, setOptOuts } from './repository';
export type { WindowOutcome } from './templates';
export {
  accountExistsMail,
  apiTokenExpiringMail,
  ceilingAlertMail,
  chatReplyMail,
  chatStartedMail,
  creditNoteMail,
  invitationMail,
  invoiceIssuedMail,
  jobApplicationMail,
  leadNotificationMail,
  noAccountMail,
  passwordResetMail,
  recoveryCodeUsedMail,
  serviceReportMail,
  serviceWindowNoticeMail,
  serviceWindowOutcomeMail,
  signUpVerificationMail,
  solutionsBriefMail,
  trialEndedMail,
  trialEndingMail,
  webhookDisabledMail,
  welcomeMail,
} from './templates';
