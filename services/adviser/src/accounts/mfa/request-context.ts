import type { Request } from 'express';

/** The browser a session starts in, as the sessions list shows it. */
export const userAgentOf = (req: Request): string | null => req.get('user-agent') ?? null;
