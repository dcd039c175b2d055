export declare const DEMO_LOGINS: readonly { tenant: string; email: string; password: string; role: 'admin' | 'customer'; phone?: string }[];
