import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../http/openapi';
import { WEBHOOK_EVENT_TYPES } from './event-types';
import { WEBHOOK_EVENT_SCHEMAS } from './webhook-events';

describe('webhook events', () => {
  it('has a schema whose type is its own for every event type', () => {
    expect(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const shape = WEBHOOK_EVENT_SCHEMAS[type].shape;
      expect(shape.type.safeParse(type).success).toBe(true);
    }
  });

  it('refuses a body of one type under another', () => {
    const erased = {
      type: 'assessment.erased',
      timestamp: '2026-11-28T10:00:00.000Z',
      data: { assessmentId: crypto.randomUUID() },
    };
    expect(WEBHOOK_EVENT_SCHEMAS['assessment.erased'].safeParse(erased).success).toBe(true);
    expect(WEBHOOK_EVENT_SCHEMAS['assessment.restricted'].safeParse(erased).success).toBe(false);
  });

  it('documents each event in the OpenAPI webhooks section with the three signature headers', () => {
    const document = buildOpenApiDocument() as unknown as {
      webhooks: Record<
        string,
        {
          post: {
            parameters: { name: string }[];
            requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
          };
        }
      >;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const signed = document.webhooks['assessment.signed']!.post;
    expect(signed.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = signed.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['type', 'timestamp', 'data']);
    expect(JSON.stringify(body)).toContain('questionnaireVersion');
  });
});
