export { TwoStepSettings } from './two-step';
export { useSaveFeedback } from './save-feedback';
export { SignInForm } from './sign-in-form';
