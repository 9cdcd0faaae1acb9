import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../features/legal/components/security-page';

export const Route = createFileRoute('/security')({
  component: SecurityPage,
});
