/**
 * Reminders on this device: whether this browser's subscription is one of the user's devices on
 * the server, turning it on (permission asked only then) and off. A browser subscription the server
 * does not know yet (the push service replaced it) is sent again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { deleteDevice } from '../api/delete-device';
import { useDevices } from '../api/get-devices';
import { publicKeyQueryOptions } from '../api/get-public-key';
import { pushKeys } from '../api/push-keys';
import { saveDevice } from '../api/save-device';
import { currentSubscription, pushSupported, subscribeThisBrowser, subscriptionJson, unsubscribeThisBrowser } from '../lib/browser-push';

/** What the service worker posts after `pushsubscriptionchange` when it could not tell the server itself. */
const PUSH_CHANGED_MESSAGE = 'PUSH_SUBSCRIPTION_CHANGED';

export function useThisDevice(enabled: boolean) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const devices = useDevices(enabled && supported);
  /** undefined while the browser is asked. */
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null);

  const readBrowser = useCallback(() => {
    if (!supported) return;
    currentSubscription().then(
      (subscription) => setEndpoint(subscription?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, [supported]);

  useEffect(() => {
    if (!enabled) return;
    readBrowser();
    if (!supported) return;
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === PUSH_CHANGED_MESSAGE) readBrowser();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [enabled, supported, readBrowser]);

  const known = !!endpoint && !!devices.data?.some((device) => device.endpoint === endpoint);

  // The browser is subscribed but the server lost it or has an old endpoint: send it again.
  useEffect(() => {
    if (!enabled || !endpoint || !devices.isSuccess || known) return;
    let cancelled = false;
    void currentSubscription().then(async (subscription) => {
      if (cancelled || !subscription || subscription.endpoint !== endpoint) return;
      await saveDevice(subscriptionJson(subscription)).catch(() => undefined);
      if (!cancelled) await queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, endpoint, devices.isSuccess, known, queryClient]);

  const turnOn = useMutation({
    mutationFn: async () => {
      const subscription = await subscribeThisBrowser(() => queryClient.fetchQuery(publicKeyQueryOptions()));
      await saveDevice(subscription);
      return subscription.endpoint;
    },
    onSuccess: (saved) => {
      setEndpoint(saved);
      return queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (subscription) await deleteDevice(subscription.endpoint);
      await unsubscribeThisBrowser();
    },
    onSuccess: () => {
      setEndpoint(null);
      return queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
  });

  return { supported, checking: supported && (endpoint === undefined || devices.isPending), on: known, turnOn, turnOff };
}
