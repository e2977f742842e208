export type { Mail, Mailer } from './mailer';
export { createMailer } from './mailer';
export {
  accountExistsMail,
  ceilingReachedMail,
  chatReplyMail,
  chatStartedMail,
  creditNoteMail,
  invitationMail,
  invoiceIssuedMail,
  jobApplicationMail,
  leadNotificationMail,
  noAccountMail,
  passwordResetMail,
  serviceWindowNoticeMail,
  signUpVerificationMail,
  solutionsBriefMail,
  trialEndedMail,
  trialEndingMail,
  welcomeMail,
} from './templates';
