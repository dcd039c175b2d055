const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const DEVICE_ID_LENGTH = 10;

/** A guest's device id: 10 random alphanumeric characters (spec 1 §3). */
export function generateDeviceId(randomInt: (max: number) => number = (max) => Math.floor(Math.random() * max)): string {
  let id = '';
  for (let i = 0; i < DEVICE_ID_LENGTH; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{10}$/.test(value);
}
