import { createFileRoute } from '@tanstack/react-router';
import { AssessmentScreen } from '../features/assessment/components/assessment-screen';

export const Route = createFileRoute('/')({
  component: () => <AssessmentScreen />,
});
