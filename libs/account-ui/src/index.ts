export { TwoStepSettings } from './two-step';
export { useSaveFeedback } from './save-feedback';
export { linkError, SignInForm } from './sign-in-form';
export { EmailForm, NameForm, SignedInDevices, PasswordForm, PhoneForm } from './account-forms';
export { PasswordPrompt } from './password-prompt';
export { RecurringOrderForm } from './recurring-order-form';
