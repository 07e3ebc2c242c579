/**
 * What the coupons' list and a usage report share: the status badge (the status now, in words) and
 * "Pause" / "Resume", sent through the outbox, disabled while it is sent; the list takes the
 * server's answer at once (and every coupon read is asked again).
 */
import { Badge, Button, type BadgeProps } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CouponView } from '@contracts/coupons';
import { couponKeys } from '../api/coupon-keys';
import { couponWrites, useCouponWrite } from '../api/coupon-writes';
import { couponStatus, type CouponStatus } from '../lib/coupon-texts';

const STATUS_COLOURS: Record<CouponStatus, BadgeProps['color']> = {
  Active: 'success',
  Paused: 'warning',
  'Not started': 'informative',
  Expired: 'subtle',
  'Used up': 'subtle',
};

export function StatusBadge({ coupon }: { coupon: CouponView }) {
  const status = couponStatus(coupon);
  return (
    <Badge appearance="tint" color={STATUS_COLOURS[status]}>
      {status}
    </Badge>
  );
}

/** Pausing and resuming from one screen: `toggle(coupon)`, and which coupons are being sent. */
export function usePauseToggle() {
  const write = useCouponWrite();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
  const toggle = async (coupon: CouponView) => {
    const paused = !coupon.paused;
    setSending((ids) => new Set(ids).add(coupon.id));
    try {
      const outcome = await write<CouponView>(
        couponWrites.setPaused(coupon, paused),
        `Coupon ${coupon.code} ${paused ? 'paused' : 'resumed'}`,
        `Coupon ${coupon.code} could not be ${paused ? 'paused' : 'resumed'}`,
      );
      if (outcome.kind === 'sent') {
        queryClient.setQueryData<CouponView[]>(couponKeys.list(), (rows) => rows?.map((row) => (row.id === coupon.id ? { ...row, ...outcome.answer } : row)));
      }
    } finally {
      setSending((ids) => {
        const next = new Set(ids);
        next.delete(coupon.id);
        return next;
      });
    }
  };
  return { toggle, isSending: (id: string) => sending.has(id) };
}

export function PauseButton({ coupon, pause }: { coupon: CouponView; pause: ReturnType<typeof usePauseToggle> }) {
  const verb = coupon.paused ? 'Resume' : 'Pause';
  return (
    <Button size="small" aria-label={`${verb} coupon ${coupon.code}`} disabled={pause.isSending(coupon.id)} onClick={() => void pause.toggle(coupon)}>
      {verb}
    </Button>
  );
}
