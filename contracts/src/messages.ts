/**
 * Every client-facing validation and error message of the product (its validation rules and error catalogue),
 * word for word, with the product name "Risk Profile".
 */
export const MESSAGES = {
  nameRequired: 'Please enter your name to continue.',
  contactRequired: 'Please enter either your email address or mobile number to continue.',
  answerQuestion: (number: number) => `Please answer question ${number} before proceeding.`,
  resolveInconsistencies: 'Please resolve the highlighted inconsistencies before proceeding to results.',
  profileRequired: 'Please select your preferred Risk Profile.',
  changeReasonRequired: 'Please explain why you feel this Risk Profile is more appropriate.',
  acknowledgementRequired: 'Please acknowledge that you understand the risks of changing your profile.',
  capacityAcknowledgementRequired:
    'Please acknowledge that the Risk Profile you have chosen goes beyond your time horizon or your capacity for loss.',
  reviewReasonTooShort: (minimum: number) =>
    `You have chosen a Risk Profile two or more levels above the one recommended for you. Please explain why in at least ${minimum} characters.`,
  confirmationRequiredTitle: 'Confirmation Required',
  confirmationRequired: 'Please confirm that your responses are accurate before signing.',
  clientLoginEmail: 'Please enter a valid email address.',
  clientLoginPassword: 'Password must be at least 6 characters.',
  adminLoginEmail: 'Please enter a valid email address',
  adminLoginPassword: 'Password is required',
  invalidLinkTitle: 'Invalid Link',
  invalidLink: 'The link appears to be invalid or expired. Please enter your details manually.',
  draftCreationFailed: 'Draft Creation Failed',
  submissionFailed: 'Submission Failed',
  sendLinkFailed: 'Failed to Send Link',
  sendLinkFallback: 'Please try again later',
  loginFailed: 'Login failed. Please check your credentials.',
} as const;
