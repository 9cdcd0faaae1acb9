export { renderAccountEmail } from './account-email';
export {
  householdConfirmationEmail,
  householdConfirmationSms,
  householdReportEmail,
  householdReportFileName,
} from './household-messages';
export { renderHouseholdReportPdf } from './household-report-pdf';
export { linkSms } from './link-sms';
export { clientSummarySms, renderLinkEmail } from './messages';
export { renderAdviserReportEmail, renderClientCopyEmail } from './report-email';
export { formatReportDate, type ReportInput, reportPdfFileName } from './report-model';
export { renderReportPdf } from './report-pdf';
