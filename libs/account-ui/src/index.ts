export { TwoStepSettings } from './two-step';
export { useSaveFeedback } from './save-feedback';
