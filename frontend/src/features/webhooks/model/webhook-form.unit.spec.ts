import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  WEBHOOK_EVENTS_REQUIRED_MESSAGE,
  WEBHOOK_URL_REQUIRED_MESSAGE,
} from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { emptyWebhookForm, webhookBody, webhookFormErrors, withEvent } from './webhook-form';

const valid = {
  url: ' https://crm.example.com/hooks ',
  events: ['assessment.signed' as const],
  description: '',
};

describe('the "Add an endpoint" form', () => {
  it('starts with signed assessments ticked and says only that the URL is missing', () => {
    expect(emptyWebhookForm().events).toEqual(['assessment.signed']);
    expect(webhookFormErrors(emptyWebhookForm())).toEqual({ url: WEBHOOK_URL_REQUIRED_MESSAGE });
  });

  it("says what the service's schema says of each field", () => {
    const errors = webhookFormErrors({
      url: 'crm.example.com',
      events: [],
      description: 'x'.repeat(MAX_WEBHOOK_DESCRIPTION_LENGTH + 1),
    });
    expect(errors.url).toMatch(/full URL/);
    expect(errors.events).toBe(WEBHOOK_EVENTS_REQUIRED_MESSAGE);
    expect(errors.description).toMatch(String(MAX_WEBHOOK_DESCRIPTION_LENGTH));
  });

  it('leaves the address rules to the service: an http or private URL passes the form', () => {
    expect(webhookFormErrors({ ...valid, url: 'http://127.0.0.1:9000/hooks' })).toEqual({});
  });

  it('keeps the ticked events in the order the page lists them, each once', () => {
    let values = withEvent(emptyWebhookForm(), 'review.due', true);
    values = withEvent(values, 'assessment.erased', true);
    values = withEvent(values, 'review.due', true);
    expect(values.events).toEqual(['assessment.signed', 'assessment.erased', 'review.due']);
    expect(withEvent(values, 'assessment.signed', false).events).toEqual(['assessment.erased', 'review.due']);
  });

  it('sends the values trimmed', () => {
    expect(webhookBody({ ...valid, description: '  Xplan production ' })).toEqual({
      url: 'https://crm.example.com/hooks',
      events: ['assessment.signed'],
      description: 'Xplan production',
    });
  });
});
