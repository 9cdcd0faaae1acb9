export { clientSummarySms, linkSms, renderLinkEmail } from './messages';
export { type RenderedEmail, renderAdviserReportEmail, renderClientCopyEmail } from './report-email';
export {
  buildReportModel,
  formatReportDate,
  type ReportAdviser,
  type ReportInput,
  reportPdfFileName,
} from './report-model';
export { renderReportPdf, toWinAnsi } from './report-pdf';
