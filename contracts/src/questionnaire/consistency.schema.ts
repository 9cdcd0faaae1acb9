import { z } from 'zod';

export const consistencyIssueSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  explanation: z.string().min(1),
  suggestion: z.string().min(1),
  questions: z.array(z.int().min(1).max(18)),
});
