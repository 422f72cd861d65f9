/**
 * This device's Web Push subscription as the server knows it (issue #6, product §3 Login payload
 * `device_key`): JSON of PushSubscription.toJSON(), kept so a later login on this device sends
 * it as `device_key` and the new session keeps receiving pushes. Not a secret: the push
 * service endpoint and the device's public keys.
 */
import { readStored, writeStored } from './storage.ts';

export const PUSH_DEVICE_STORAGE_KEY = 'push_device';

export const readDeviceKey = (): string | null => readStored<string | null>(PUSH_DEVICE_STORAGE_KEY, null);
export const writeDeviceKey = (value: string | null) => writeStored(PUSH_DEVICE_STORAGE_KEY, value);
