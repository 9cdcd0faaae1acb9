import {
  Body,
  Column,
  Container,
  Row as EmailRow,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { type ComponentType, createElement as h, type ReactNode } from 'react';
import { renderEmailHtml } from './email-html';
import {
  adviserReportSubject,
  buildTypedTextModel,
  clientCopySubject,
  firmLine,
  type ReportAudience,
  type ReportInput,
  type ReportModel,
  type Row,
} from './report-model';
import { renderText } from './report-text';
import { defanged, unlinkable } from './unlinkable';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

// Inline styles only: mail clients drop <style> blocks and never run scripts or fetch remote CSS.
const FONT = 'Helvetica, Arial, sans-serif';
const styles = {
  body: { backgroundColor: '#f4f6f8', fontFamily: FONT, color: '#1f2933', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '640px', padding: '24px 28px', borderRadius: '8px' },
  h1: { fontSize: '22px', margin: '0 0 8px', color: '#102a43' },
  firm: { fontSize: '13px', fontWeight: 'bold' as const, color: '#52606d', margin: '0 0 8px' },
  h2: { fontSize: '16px', margin: '24px 0 8px', color: '#102a43' },
  intro: { fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  label: {
    fontSize: '13px',
    color: '#52606d',
    padding: '4px 12px 4px 0',
    verticalAlign: 'top',
    width: '38%',
  },
  value: {
    fontSize: '13px',
    color: '#1f2933',
    padding: '4px 0',
    verticalAlign: 'top',
    wordBreak: 'break-word' as const,
  },
  note: { fontSize: '12px', lineHeight: '18px', color: '#52606d', margin: '8px 0 0' },
  answerQ: { fontSize: '13px', margin: '8px 0 2px', color: '#1f2933' },
  answerA: { fontSize: '13px', margin: '0', color: '#0b6e4f', fontWeight: 'bold' as const },
  answerScore: { fontSize: '12px', margin: '0 0 6px', color: '#52606d' },
  section: { fontSize: '14px', margin: '16px 0 4px', color: '#102a43' },
  override: {
    fontSize: '14px',
    fontWeight: 'bold' as const,
    color: '#7a2e00',
    backgroundColor: '#fff4e5',
    border: '1px solid #e8a33d',
    borderRadius: '6px',
    padding: '10px 12px',
    margin: '0 0 12px',
  },
  warning: { fontSize: '13px', margin: '4px 0', color: '#8a4b00' },
  hr: { borderColor: '#e4e7eb', margin: '20px 0' },
};

// Row's props type demands children as a prop; createElement passes them as arguments.
const TableRow = EmailRow as ComponentType<{ children?: ReactNode }>;

const table = (rows: readonly Row[]): ReactNode =>
  h(
    Section,
    null,
    ...rows.map(([label, value], i) =>
      h(
        TableRow,
        { key: `${label}-${i}` },
        h(Column, { style: styles.label }, label),
        h(Column, { style: styles.value }, value),
      ),
    ),
  );

const heading = (text: string) => h(Heading, { as: 'h2', style: styles.h2 }, text);

function reportBody(model: ReportModel): ReactNode[] {
  return [
    ...(model.override ? [h(Text, { style: styles.override }, model.override)] : []),
    heading('Adviser'),
    table(model.adviser),
    heading('Client'),
    table(model.client),
    heading('Results'),
    table(model.results),
    heading('Risk Profile'),
    table(model.profile),
    ...(model.changed
      ? [
          table([['Reason for the change', model.changed.reason]]),
          h(Text, { style: styles.note }, model.changed.acknowledgement),
        ]
      : []),
    heading(`About the ${model.chosenProfile} profile`),
    table(model.facts),
    heading('Capacity for loss'),
    table(model.capacity.rows),
    ...model.capacity.warnings.map((w, i) =>
      h(Text, { key: `c${i}`, style: styles.warning }, h('strong', null, `${w.title}: `), w.message),
    ),
    ...(model.warnings.length > 0
      ? [
          heading('Consistency warnings'),
          ...model.warnings.map((w, i) =>
            h(
              Text,
              { key: `w${i}`, style: styles.warning },
              h('strong', null, `${w.title}: `),
              w.explanation,
            ),
          ),
        ]
      : []),
    heading('Exclusions and preferences'),
    table(model.choices),
    heading('Answers'),
    ...model.answers.flatMap((section) => [
      h(Heading, { as: 'h3', key: section.title, style: styles.section }, section.title),
      ...section.answers.map((a) =>
        h(
          Section,
          { key: `q${a.number}` },
          h(Text, { style: styles.answerQ }, `${a.number}. ${a.question}`),
          h(Text, { style: styles.answerA }, a.answer),
          h(Text, { style: styles.answerScore }, a.score),
        ),
      ),
    ]),
    h(Hr, { style: styles.hr }),
    heading('Signature'),
    table(model.signature),
    h(Text, { style: styles.note }, model.verification),
    ...(model.firm?.disclaimer
      ? [
          h(Hr, { style: styles.hr }),
          heading('Disclaimer'),
          h(Text, { style: styles.note }, `${firmLine(model.firm)}. ${model.firm.disclaimer}`),
        ]
      : []),
  ];
}

function emailDocument(preview: string, title: string, intro: string, body: ReactNode[], model: ReportModel) {
  return h(
    Html,
    { lang: 'en-AU' },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.h1 }, title),
        ...(model.firm ? [h(Text, { style: styles.firm }, firmLine(model.firm))] : []),
        h(Text, { style: styles.intro }, intro),
        ...body,
      ),
    ),
  );
}

/**
 * The report model for the email's HTML, with what the signer typed made unlinkable
 * (unlinkable.ts), their email address too: the adviser reads it, a mail client must not make it
 * a link.
 */
const htmlModel = (input: ReportInput, audience: ReportAudience): ReportModel =>
  buildTypedTextModel(input, unlinkable, { email: true, audience });

/**
 * The report model for the plain-text part: no zero-width spaces, which a reader would copy out
 * with an address; what the signer typed is defanged where it looks like an address, as in the
 * PDF, and their email address is as typed.
 */
const textModel = (input: ReportInput, audience: ReportAudience): ReportModel =>
  buildTypedTextModel(input, defanged, { email: false, audience });

/** The report emailed to the adviser: the whole report in the body, and as the attached PDF. */
export async function renderAdviserReportEmail(input: ReportInput): Promise<RenderedEmail> {
  const intro = (model: ReportModel) =>
    `${model.clientName} signed their Risk Profile on ${model.signedAt} and chose the ${model.chosenProfile} profile. The full report is below and attached as a PDF.`;
  const model = htmlModel(input, 'record');
  const html = renderEmailHtml(
    emailDocument(intro(model), 'Risk Profile Report', intro(model), reportBody(model), model),
  );
  const text = textModel(input, 'record');
  return { subject: adviserReportSubject(input), html, text: renderText(text, intro(text)) };
}

/** The client's copy: the same report, addressed to them; replies go to their adviser. */
export async function renderClientCopyEmail(input: ReportInput): Promise<RenderedEmail> {
  const adviser = input.adviser;
  const intro = (model: ReportModel) =>
    adviser
      ? `Thank you, ${model.clientName}. This is your copy of the Risk Profile you signed on ${model.signedAt}. ${adviser.adviserName} of ${adviser.companyName} has received the report and will be in touch; reply to this email to reach them.`
      : `Thank you, ${model.clientName}. This is your copy of the Risk Profile you signed on ${model.signedAt}.`;
  const model = htmlModel(input, 'client');
  const html = renderEmailHtml(
    emailDocument(intro(model), 'Your Risk Profile', intro(model), reportBody(model), model),
  );
  const text = textModel(input, 'client');
  return { subject: clientCopySubject(input), html, text: renderText(text, intro(text)) };
}
