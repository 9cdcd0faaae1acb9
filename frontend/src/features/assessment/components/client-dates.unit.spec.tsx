import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { DialogProps } from '../../../components/ui/dialog';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import type { SavedProgress } from '../model/saved-progress';
import { AutosaveStatus } from './autosave-status';
import { ResumeDialog } from './resume-dialog';
import { SuccessStep } from './success-step';

// The dialog's portal renders nothing on a server: here it writes its title and description in place.
vi.mock('../../../components/ui/dialog', () => ({
  Dialog: ({ title, description }: DialogProps) => (
    <div>
      <h2>{title}</h2>
      <p data-testid="description">{description}</p>
    </div>
  ),
}));

// Issue 42, item 6: the client's own screens wrote the device's zone ("27 Nov 2026, 10:34 pm" on a
// UTC device) where the emailed report says "28 November 2026 at 9:34 am AEDT". They write the
// firm's zone, named, whatever the device's.
const SIGNED = '2026-11-27T22:34:00.000Z';

function render(node: ReactNode, timeZone: string | null = 'Australia/Sydney'): string {
  const client = new QueryClient();
  if (timeZone) client.setQueryData(displaySettingsQueryOptions.queryKey, { timeZone });
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const successStep = (signedAt: string | null) => (
  <SuccessStep
    clientEmail="jane@example.com"
    clientPhone=""
    adviser={null}
    profileName="Growth"
    signedAt={signedAt}
    onStartAnother={() => {}}
    headingRef={null}
  />
);

const saved = {
  version: 1,
  savedAt: SIGNED,
  step: 'questionnaire',
  client: { name: 'Jane Citizen', email: 'jane@example.com', phone: '' },
  responses: { q1: 3, q2: 4 },
} as unknown as SavedProgress;

const autosave = {
  enabled: true,
  lastSavedAt: new Date(SIGNED),
  saveNow: () => true,
  askingToTurnOff: false,
  answerTurnOff: () => {},
};

describe("the client's screens", () => {
  it("write when the assessment was signed in the firm's zone, named", () => {
    expect(render(successStep(SIGNED))).toContain('Signed 28 Nov 2026, 9:34 am AEDT');
    expect(render(successStep(SIGNED), 'Australia/Perth')).toContain('Signed 28 Nov 2026, 6:34 am AWST');
  });

  it("write when the unfinished assessment was saved in the firm's zone, named", () => {
    const html = render(<ResumeDialog saved={saved} onContinue={() => {}} onStartOver={() => {}} />);
    expect(html).toContain('saved 28 Nov 2026, 9:34 am AEDT at the Assessment step');
  });

  it("write the autosave's time in the firm's zone, named", () => {
    expect(render(<AutosaveStatus autosave={autosave} />)).toContain('Last saved 9:34 am AEDT');
  });

  it('wait for the zone rather than guess it', () => {
    expect(render(successStep(SIGNED), null)).toContain('Signed …');
  });
});
