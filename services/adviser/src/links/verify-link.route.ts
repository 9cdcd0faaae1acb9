import { MESSAGES, verifyQuestionnaireLinkEndpoint } from '@risk-profile/contracts';
import { HttpError, type Logger, parseBody } from '@risk-profile/platform';
import type { Express } from 'express';
import type { LinkTokenSigner } from './link-token-signer';

/**
 * Checks a questionnaire link before the page pre-fills the form. Every kind of bad token gets
 * the one message the page shows, so a caller learns nothing about which check failed; a link of
 * the first, readable format gets it too (the client enters their details, or asks for a new
 * link), and the log says `old-format`.
 */
export function mountVerifyLink(app: Express, signer: LinkTokenSigner, logger: Logger): void {
  app.post(verifyQuestionnaireLinkEndpoint.path, (req, res) => {
    const { token } = parseBody(verifyQuestionnaireLinkEndpoint, req.body);
    const result = signer.verify(token);
    if (!result.ok) {
      logger.info({ reqId: res.locals.requestId, reason: result.reason }, 'questionnaire link refused');
      throw new HttpError(400, MESSAGES.invalidLink, 'INVALID_LINK_TOKEN');
    }
    res.status(200).json(result.link);
  });
}
