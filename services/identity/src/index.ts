export { identityRoutes as identityService } from './routes';
export { Customer } from './models';
export { hashPassword, verifyPassword } from './passwords';
export { forgetEndedSessions } from './housekeeping';
export { storeAdmins } from './staff';
export { deliverCampaign } from './email-campaigns/service';
export { EmailCampaign, UnsubscribeLink } from './email-campaigns/models';
export { CustomerKey, customerKeyDocs, customerByKey, adminIds } from './keys';
export { cardCustomerRef, saveCardWith, storeCardProvider } from './cards';
