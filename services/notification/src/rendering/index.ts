export { renderAccountEmail } from './account-email';
export { clientSummarySms, linkSms, renderLinkEmail } from './messages';
export { renderAdviserReportEmail, renderClientCopyEmail } from './report-email';
export { formatReportDate, type ReportInput, reportPdfFileName } from './report-model';
export { renderReportPdf, toWinAnsi } from './report-pdf';
