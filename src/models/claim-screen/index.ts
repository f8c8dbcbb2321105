export {
  CLAIM_SCREEN_FORMAT,
  DEFAULT_CLAIM_SCREEN_PATH,
  claimScreenFileSchema,
  createClaimScreen,
  loadClaimScreen,
  type ClaimScreenFile,
} from './claim-screen.js';
export { fitLogistic, predictLogistic, sigmoid, type LogisticFitOptions, type LogisticModel } from './logistic.js';
