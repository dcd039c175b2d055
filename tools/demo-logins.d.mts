export declare const DEMO_LOGINS: readonly { tenant: string; email: string; password: string; role: 'admin' | 'staff' | 'customer'; phone?: string; permissions?: string[] }[];
