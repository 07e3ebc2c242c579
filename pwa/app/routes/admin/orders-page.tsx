/**
 * /admin/orders (back-office spec §2): the figures from the server, the orders newest first with
 * their payment state (Paid/Pending), the last 8 characters of the id and a status badge, filters
 * by status and by e-mail, name or order id, more pages on demand, and "Download Excel" (the CSV of
 * every order the filters match, built by the server). A completed order links to its invoice PDF.
 * Refunds (issue 29): for an admin (`REFUND_RULE`, as the refund route), a paid order
 * (`paidForRefund`) with money left on it has a Refund action (a confirmation dialog, sent online
 * only: `RefundDialog`); each refund's credit note is a download.
 */
import { Button, Field, SearchBox, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { allows } from '@contracts/access';
import { ORDER_STATUSES, paidForRefund, REFUND_RULE, REFUND_TEXTS, type AdminOrder, type AdminOrderStatus } from '@contracts/admin-orders';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDateTime, formatMoney } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { useDebouncedValue } from '@pwa/lib/use-debounced-value';
import { useAuth } from '@pwa/session/use-auth';
import { downloadOrdersCsv } from '@pwa/features/admin-orders/api/download-orders-csv';
import { useOrders } from '@pwa/features/admin-orders/api/get-orders';
import { useStats } from '@pwa/features/admin-orders/api/get-stats';
import { OrderStatusBadge, lastEight, paymentLabel } from '@pwa/features/admin-orders/components/order-labels';
import { RefundDialog } from '@pwa/features/admin-orders/components/refund-dialog';
import { CreditNoteButton } from '@pwa/features/receipts/components/credit-note-button';
import { InvoiceLink } from '@pwa/features/receipts/components/receipt-buttons';

const useStyles = makeStyles({
  filters: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  customer: { display: 'flex', flexDirection: 'column' },
  email: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  documents: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
});

/** The invoice of a paid order, then the credit note of each of its refunds. */
function OrderDocuments({ order }: { order: AdminOrder }) {
  const styles = useStyles();
  const notes = order.refunds.filter((r) => r.creditNoteNumber);
  if (order.status !== 'completed' && order.status !== 'refunded' && notes.length === 0) return null;
  return (
    <span className={styles.documents}>
      {order.status === 'completed' || order.status === 'refunded' ? <InvoiceLink orderId={order.id} /> : null}
      {notes.map((r) => (
        <CreditNoteButton key={r.id} refundId={r.id} creditNoteNumber={r.creditNoteNumber!} compact />
      ))}
    </span>
  );
}

export default function OrdersPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminOrderStatus | ''>('');
  const [downloading, setDownloading] = useState(false);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const { user } = useAuth();
  // Refund is offered only where the server would take it: an admin, a paid order, money left on it.
  const mayRefund = (o: AdminOrder) => allows(REFUND_RULE, user) && paidForRefund(o) && Number(o.refundable) > 0;
  // The search is sent once typing pauses, not on every key.
  const applied = useDebouncedValue(search.trim());
  const query = { search: applied || undefined, status: status || undefined };
  const stats = useStats();
  const orders = useOrders(query);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadOrdersCsv(query);
    } catch {
      notify({ title: 'Error', description: 'Failed to export orders', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AdminPage
      title="Orders Management"
      description="Every order, its payment and its status."
      actions={
        <Button appearance="primary" onClick={download} disabled={downloading}>
          Download Excel
        </Button>
      }
    >
      <StatCards
        loading={stats.isPending}
        items={[
          { label: 'Total Orders', value: stats.data?.totalOrders ?? 0 },
          { label: 'Total Revenue', value: formatMoney(stats.data?.totalRevenue ?? 0) },
          { label: 'Pending Orders', value: stats.data?.pendingOrders ?? 0 },
        ]}
      />
      <div className={styles.filters}>
        <Field label="Search orders" hint="E-mail, name or order id">
          <SearchBox value={search} onChange={(_event, data) => setSearch(data.value)} />
        </Field>
        <Field label="Status">
          <Select value={status} onChange={(_event, data) => setStatus(data.value as AdminOrderStatus | '')}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <AdminList<AdminOrder>
        query={orders}
        what="orders"
        loadMore="Load more orders"
        label="Orders"
        rowKey={(o) => o.id}
        empty={{ title: query.search || query.status ? 'No orders found' : 'No orders yet' }}
        columns={[
          { id: 'id', header: 'Order', cell: (o) => <Text font="monospace">{lastEight(o.id)}</Text> },
          {
            id: 'customer',
            header: 'Customer',
            cell: (o) => (
              <span className={styles.customer}>
                <Text>{o.customerName || 'Customer'}</Text>
                <span className={styles.email}>{o.customerEmail || 'Guest'}</span>
              </span>
            ),
            sortValue: (o) => o.customerName ?? o.customerEmail,
          },
          { id: 'items', header: 'Items', cell: (o) => o.items.map((i) => `${i.title}${i.tierName ? ` (${i.tierName})` : ''} ×${i.quantity}`).join(', ') },
          { id: 'total', header: 'Total', cell: (o) => formatMoney(o.total), sortValue: (o) => Number(o.total) },
          {
            id: 'status',
            header: 'Status',
            cell: (o) => <OrderStatusBadge status={o.status} refunded={o.refunded} refundFailed={o.refundFailed} />,
            sortValue: (o) => o.status,
          },
          { id: 'payment', header: 'Payment', cell: (o) => paymentLabel(o), sortValue: (o) => paymentLabel(o) },
          { id: 'date', header: 'Date', cell: (o) => formatDateTime(o.createdAt), sortValue: (o) => o.createdAt },
          { id: 'invoice', header: 'Invoice', cell: (o) => <OrderDocuments order={o} /> },
          {
            id: 'actions',
            header: 'Actions',
            cell: (o) =>
              mayRefund(o) ? (
                <Button size="small" onClick={() => setRefunding(o)} aria-label={`${REFUND_TEXTS.action} order ${lastEight(o.id)}`}>
                  {REFUND_TEXTS.action}
                  {o.refundDue ? ` (due ${formatMoney(o.refundDue)})` : ''}
                </Button>
              ) : null,
          },
        ]}
      />
      <RefundDialog subject={refunding} onClose={() => setRefunding(null)} />
    </AdminPage>
  );
}
