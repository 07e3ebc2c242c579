/**
 * The migrations, in order. Listed explicitly (rather than read from the folder) so they load the
 * same way under tsx, vitest and the Knex CLI. Add new migrations at the end.
 */
import type { Knex } from 'knex';
import * as catalogue from './20261121000001_catalogue';
import * as accounts from './20261121000002_accounts';
import * as payments from './20261121000003_payments';
import * as hardening from './20261122000004_hardening';
import * as contactMessages from './20261122000005_contact_messages';
import * as checkoutReuse from './20261122000006_checkout_reuse';
import * as search from './20261122000007_search';
import * as backOfficeCatalogue from './20261122000008_back_office_catalogue';
import * as backOfficeOrders from './20261122000009_back_office_orders';
import * as backOfficePeople from './20261122000010_back_office_people';
import * as uploads from './20261122000011_uploads';
import * as invoicesAndInvites from './20261123000012_invoices_and_invites';
import * as pushReminders from './20261123000013_push_reminders';
import * as listingOrder from './20261123000014_listing_order';
import * as seatSquattingAndHeldOrders from './20261124000015_seat_squatting_and_held_orders';
import * as jobs from './20261125000016_jobs';
import * as learning from './20261126000017_learning';
import * as videoUploadLocks from './20261127000018_video_upload_locks';
import * as meetings from './20261127000019_meetings';
import * as attendance from './20261127000020_attendance';
import * as checkIns from './20261127000021_check_ins';
import * as joinLinks from './20261127000022_join_links';
import * as meetingAttendanceFetch from './20261127000023_meeting_attendance_fetch';
import * as refundProcessorIndex from './20261127000024_refund_processor_index';
import * as progressPace from './20261127000027_progress_pace';
import * as assessments from './20261127000028_assessments';
import * as certificates from './20261127000029_certificates';
import * as certificateCredentials from './20261127000030_certificate_credentials';
import * as selfReportedCertificates from './20261127000031_self_reported_certificates';
import * as organisations from './20261127000032_organisations';
import * as orgReminders from './20261127000033_org_reminders';
import * as offlinePapers from './20261127000034_offline_papers';
import * as coupons from './20261127000035_coupons';
import * as waitlists from './20261127000036_waitlists';
import * as bookingChanges from './20261127000037_booking_changes';
import * as sessionMoves from './20261129000038_session_moves';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const MIGRATIONS: Array<[name: string, migration: Migration]> = [
  ['20261121000001_catalogue', catalogue],
  ['20261121000002_accounts', accounts],
  ['20261121000003_payments', payments],
  ['20261122000004_hardening', hardening],
  ['20261122000005_contact_messages', contactMessages],
  ['20261122000006_checkout_reuse', checkoutReuse],
  ['20261122000007_search', search],
  ['20261122000008_back_office_catalogue', backOfficeCatalogue],
  ['20261122000009_back_office_orders', backOfficeOrders],
  ['20261122000010_back_office_people', backOfficePeople],
  ['20261122000011_uploads', uploads],
  ['20261123000012_invoices_and_invites', invoicesAndInvites],
  ['20261123000013_push_reminders', pushReminders],
  ['20261123000014_listing_order', listingOrder],
  ['20261124000015_seat_squatting_and_held_orders', seatSquattingAndHeldOrders],
  ['20261125000016_jobs', jobs],
  ['20261126000017_learning', learning],
  ['20261127000018_video_upload_locks', videoUploadLocks],
  ['20261127000019_meetings', meetings],
  ['20261127000020_attendance', attendance],
  ['20261127000021_check_ins', checkIns],
  ['20261127000022_join_links', joinLinks],
  ['20261127000023_meeting_attendance_fetch', meetingAttendanceFetch],
  ['20261127000024_refund_processor_index', refundProcessorIndex],
  ['20261127000027_progress_pace', progressPace],
  ['20261127000028_assessments', assessments],
  ['20261127000029_certificates', certificates],
  ['20261127000030_certificate_credentials', certificateCredentials],
  ['20261127000031_self_reported_certificates', selfReportedCertificates],
  ['20261127000032_organisations', organisations],
  ['20261127000033_org_reminders', orgReminders],
  ['20261127000034_offline_papers', offlinePapers],
  ['20261127000035_coupons', coupons],
  ['20261127000036_waitlists', waitlists],
  ['20261127000037_booking_changes', bookingChanges],
  ['20261129000038_session_moves', sessionMoves],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
