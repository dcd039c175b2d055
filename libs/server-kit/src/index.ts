export { AppError, errorHandler, notFoundHandler, fieldErrors, rejectFieldProblems, tooManyAttempts, type AppErrorType } from './errors';
export { errorAnswers, answering, type ErrorStatus } from './answers';
export {
  requestContextPlugin, requireAdmin, requirePermission, requireStoreOwner, requireSignedIn, hashToken, TenantDirectory, resolvedTenant, backgroundContext, storeLinkOrigin,
  type RequestContext, type Caller, type ResolvedTenant, type TenantResolutionOptions,
} from './context';
export { buildApp, serviceLogOptions, type ServicePlugin, type BuildAppOptions } from './app';
export { openResources, type PlatformResources } from './resources';
export { loadConfig, type PlatformConfig } from './config';
export { runService } from './run';
export { TtlCache } from './ttl-cache';
export { sessionsChanged, type SessionCacheStore } from './session-cache';
export { sealSecret, openSecret, isSealed } from './secrets';
export { pagePolicy, type PagePolicyOptions } from './security-headers';
