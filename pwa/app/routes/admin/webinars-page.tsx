/** /admin/webinars: Webinars Management (back-office spec §2): stats, the table, pricing dialog, a live webinar's waitlist (issue 35). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CourseSummary } from '@contracts/catalogue';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { useStaffCourses } from '@pwa/features/admin-catalogue/api/get-staff-courses';
import { countActive, courseSearchText, pricedCourseColumns, sumCapacity } from '@pwa/features/admin-catalogue/components/course-columns';
import { PricingTiersDialog } from '@pwa/features/admin-catalogue/components/pricing-tiers-dialog';
import { WaitlistDialog } from '@pwa/features/admin-waitlists/components/waitlist-dialog';

const WEBINAR_TYPES = { type: ['webinar', 'live_webinar', 'recorded_webinar'] as CourseSummary['type'][] };

export default function WebinarsPage() {
  const navigate = useNavigate();
  const courses = useStaffCourses(WEBINAR_TYPES);
  // Packs are stored as type webinar with category pack: they have a screen of their own.
  const webinars = courses.data?.filter((c) => c.category?.toLowerCase() !== 'pack');
  const [pricing, setPricing] = useState<CourseSummary | null>(null);
  const [waitlist, setWaitlist] = useState<CourseSummary | null>(null);

  return (
    <AdminPage
      title="Webinars Management"
      description="Live and recorded webinars, their schedule, capacity and pricing tiers."
      actions={
        <ButtonLink to="/admin/webinars/create" appearance="primary">
          Add Live Webinar
        </ButtonLink>
      }
    >
      <StatCards
        loading={courses.isPending}
        items={[
          { label: 'Total Webinars', value: webinars?.length ?? 0 },
          { label: 'Total Capacity', value: sumCapacity(webinars) },
          { label: 'Active Webinars', value: countActive(webinars) },
        ]}
      />
      <AdminList
        query={courses}
        what="webinars"
        label="Webinars"
        rows={webinars}
        rowKey={(c) => c.id}
        searchText={courseSearchText}
        searchLabel="Search webinars"
        empty={{
          title: 'No webinars yet',
          action: (
            <ButtonLink to="/admin/webinars/create" appearance="primary">
              Add Your First Live Webinar
            </ButtonLink>
          ),
        }}
        columns={pricedCourseColumns({
          sub: 'type',
          kind: 'webinar',
          onEdit: (c) => navigate(`/admin/webinars/edit/${c.id}`),
          onPricing: setPricing,
          onWaitlist: setWaitlist,
        })}
      />
      <PricingTiersDialog course={pricing} onClose={() => setPricing(null)} />
      <WaitlistDialog course={waitlist} onClose={() => setWaitlist(null)} />
    </AdminPage>
  );
}
