import type { User } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '../../../lib/auth';
import { createQueryClient } from '../../../lib/query-client';
import { analystAccess } from '../api/analyst-access';
import { elsewhere } from './area-access';

const user = (role: User['role'], analystAccess?: boolean): User => ({
  id: 'u1',
  email: 'someone@example.com',
  role,
  name: 'Someone',
  adviserSlug: null,
  ...(analystAccess === undefined ? {} : { analystAccess }),
});

describe('who the analyst area is for', () => {
  it('lets analysts and administrators given analyst access in', () => {
    expect(elsewhere(user('analyst'))).toBeNull();
    expect(elsewhere(user('admin', true))).toBeNull();
  });

  it('sends everyone else where they belong', async () => {
    const visitor = createQueryClient();
    visitor.setQueryData(currentUserQueryOptions().queryKey, null);
    expect(await analystAccess(visitor)).toBe('/login');
    expect(elsewhere(user('adviser'))).toBe('/adviser');
    expect(elsewhere(user('admin'))).toBe('/admin/dashboard');
    expect(elsewhere(user('admin', false))).toBe('/admin/dashboard');
  });
});
