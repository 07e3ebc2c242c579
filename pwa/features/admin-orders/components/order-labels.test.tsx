// @vitest-environment jsdom
/** The orders table's status badge (issue 29): a refund the processor failed later is flagged beside the status. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-labels';

afterEach(cleanup);
const show = (props: Parameters<typeof OrderStatusBadge>[0]) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <OrderStatusBadge {...props} />
    </FluentProvider>,
  );

describe('OrderStatusBadge', () => {
  it('reads the status as people say it', () => {
    show({ status: 'completed', refunded: '10.00' });
    expect(screen.getByText('partially refunded')).toBeTruthy();
    expect(screen.queryByText(/refund failed/)).toBeNull();
  });
  it('flags a refund the processor failed after it was issued, with its amount', () => {
    show({ status: 'refunded', refunded: '100.00', refundFailed: '100.00' });
    expect(screen.getByText('refunded')).toBeTruthy();
    expect(screen.getByText('refund failed: $100.00')).toBeTruthy();
  });
});
