export { BaseModel } from './base-model';
export { Instructor } from './instructor';
export { Course } from './course';
export { PricingTier } from './pricing-tier';
export { CatalogueChange, type CatalogueEntity, type CatalogueChangeAction } from './catalogue-change';
export { CatalogueSyncState } from './catalogue-sync-state';
export { User, ROLES, type Role, type MembershipType } from './user';
export { LoginCode } from './login-code';
export { Session } from './session';
export { RateLimitCounter } from './rate-limit-counter';
export { Order, OrderItem, type OrderStatus, type OrderKind } from './order';
export { SeatHold, type SeatHoldStatus } from './seat-hold';
export { Enrollment } from './enrollment';
export { TestPaymentIntent } from './test-payment-intent';
export { ProcessedWebhookEvent } from './processed-webhook-event';
export { ContactMessage } from './contact-message';
export { AuditEntry, type AuditAction, type AuditEntity } from './audit-entry';
export { IdempotencyKey } from './idempotency-key';
export { UploadedObject, type UploadStatus } from './uploaded-object';
export { InvoiceCounter } from './invoice-counter';
export { CreditNoteCounter } from './credit-note-counter';
export { CalendarInvite, type CalendarInviteStatus } from './calendar-invite';
export { RecordingNotice, type RecordingNoticeStatus } from './recording-notice';
export { PushSubscription } from './push-subscription';
export { SessionReminder, type ReminderKind, type ReminderStatus } from './session-reminder';
export { JobSchedule } from './job-schedule';
export { QueuedJob, type QueuedJobStatus } from './queued-job';
export { Entitlement, type EntitlementSource } from './entitlement';
export { CourseModule } from './course-module';
export { Lesson, type LessonKind } from './lesson';
export { VideoAsset, type VideoStatus, type VideoRendition } from './video-asset';
export { VideoUploadLock } from './video-upload-lock';
export { LessonCaption } from './lesson-caption';
export { LessonProgress } from './lesson-progress';
export { Attendance, AttendanceAdjustment, AttendanceUnmatched, AttendancePollAnswer, type AttendanceSource, type AttendanceInterval } from './attendance';
export { Refund, type RefundStatus } from './refund';
export { Meeting, MeetingRegistrant, type MeetingProvider, type MeetingStatus, type RegistrantStatus } from './meeting';
export { Ticket } from './ticket';
export { CheckIn, type CheckInKindName } from './check-in';
export { JoinLink, JoinClick } from './join-link';
export {
  Assessment,
  Question,
  AssessmentAttempt,
  OfflinePaper,
  type DrawnQuestion,
  type QuestionOption,
  type AssessmentKindName,
  type ShowAnswersName,
  type QuestionKindName,
} from './assessment';
export { CourseCompletionRule, CourseCompletion } from './course-completion';
export { Certificate, CertificateCounter, CourseCertificateSettings, SelfReportedCertificate, type CertificateFormatName } from './certificate';
export {
  Organisation,
  OrgMember,
  OrgSeat,
  TrainingRecordEntry,
  CourseAcknowledgement,
  SignatureCode,
  OrgReminder,
  type OrgRole,
  type OrgMemberStatus,
} from './organisation';
export { Coupon, CouponRedemption, type CouponRedemptionStatus } from './coupon';
export { WaitlistEntry, type WaitlistStatus } from './waitlist-entry';
export { BookingChange, CancellationPolicyRow } from './booking-change';
