import { Body, Button, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { renderEmailHtml } from './email-html';

const FONT = 'Helvetica, Arial, sans-serif';

/**
 * The HTML of an email that carries one link (a questionnaire link, an account invitation or
 * reset, a household's confirmation): greeting, introduction, a button, the address written out,
 * then the small print. Without a link (a note that a report is attached) it is the same letter
 * without the button. Its texts arrive made safe by the caller (typed names unlinkable).
 */
export function renderLinkEmailHtml(email: {
  preview: string;
  greeting: string;
  intro: string;
  /** Further paragraphs after the introduction. */
  paragraphs?: readonly string[];
  link?: { action: string; url: string };
  notes: readonly string[];
}): string {
  const link = email.link;
  return renderEmailHtml(
    h(
      Html,
      { lang: 'en-AU' },
      h(Head, null),
      h(Preview, null, email.preview),
      h(
        Body,
        { style: { backgroundColor: '#f4f6f8', fontFamily: FONT, color: '#1f2933', padding: '24px 0' } },
        h(
          Container,
          {
            style: {
              backgroundColor: '#ffffff',
              maxWidth: '560px',
              padding: '24px 28px',
              borderRadius: '8px',
            },
          },
          h(Heading, { as: 'h1', style: { fontSize: '20px', color: '#102a43' } }, email.greeting),
          h(Text, { style: { fontSize: '14px', lineHeight: '22px' } }, email.intro),
          ...(email.paragraphs ?? []).map((paragraph) =>
            h(Text, { style: { fontSize: '14px', lineHeight: '22px' } }, paragraph),
          ),
          ...(link ? linkBlock(link) : []),
          ...email.notes.map((note) => h(Text, { style: { fontSize: '12px', color: '#52606d' } }, note)),
        ),
      ),
    ),
  );
}

function linkBlock(link: { action: string; url: string }) {
  return [
    h(
      Button,
      {
        href: link.url,
        style: {
          backgroundColor: '#0b6e4f',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '6px',
          fontSize: '15px',
          fontWeight: 'bold',
          textDecoration: 'none',
        },
      },
      link.action,
    ),
    h(Text, { style: { fontSize: '13px', color: '#52606d' } }, 'Or open this link in your browser:'),
    h(Link, { href: link.url, style: { fontSize: '13px', wordBreak: 'break-all' } }, link.url),
  ];
}
