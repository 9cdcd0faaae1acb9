import { z } from 'zod';
import { PROFILE_NAMES } from './profiles';

export const profileNameSchema = z.enum(PROFILE_NAMES);

export const riskGroupSchema = z.literal([1, 2, 3, 4, 5]);
