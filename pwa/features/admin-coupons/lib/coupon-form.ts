/**
 * The "New coupon" form (issue 35, point 1) as text — what is typed, kept as a draft on the device
 * — and the one way from it to the wire: `toCreateRequest` (a percentage as a whole number, dollars
 * to cents, a `datetime-local` read in the browser's zone to ISO 8601). Its rules are the
 * contract's: `couponFormSchema` parses the request with `createCouponSchema` and puts each of its
 * messages at the field it comes from. One rule is the form's own: "only what is chosen" with
 * nothing chosen would be a coupon for everything, so it asks for a choice.
 */
import { z } from 'zod';
import { COUPON_MESSAGES, createCouponSchema, type CreateCouponRequest } from '@contracts/coupons';
import { isCourseType, type CourseType } from '@contracts/course-types';

const text = z.string();
const FIELDS = {
  code: text,
  discountKind: text,
  value: text,
  appliesTo: text,
  types: text,
  courseIds: text,
  memberships: text,
  startsAt: text,
  endsAt: text,
  maxUses: text,
  maxUsesPerCustomer: text,
  minOrder: text,
};
export type CouponFormField = keyof typeof FIELDS;
export type CouponFormValues = Record<CouponFormField, string>;

/** `discountKind`: a percentage or an amount of dollars off. */
export type DiscountKind = 'percent' | 'amount';
/** `appliesTo`: everything, or the types, courses and memberships chosen. */
export type AppliesMode = 'all' | 'chosen';

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  discountKind: 'percent',
  value: '',
  appliesTo: 'all',
  types: '',
  courseIds: '',
  memberships: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  minOrder: '',
};

/** "Only what is chosen" with nothing chosen (the server refuses it too). */
export const CHOOSE_WHAT = COUPON_MESSAGES.chooseWhat;

/** A list kept in one text value (the checked types, the chosen course ids). */
export const listOf = (value: string): string[] => value.split(',').filter(Boolean);
export const joinList = (items: readonly string[]): string => items.join(',');

/** A whole number as typed; NaN for anything else (the schema says what is wrong), undefined for nothing. */
function wholeNumber(value: string): number | undefined {
  const typed = value.trim();
  if (!typed) return undefined;
  return /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
}

/** Dollars as typed ("50", "12.5", "$1,299.00") in cents; NaN when it is not an amount, undefined for nothing. */
export function dollarsToCents(value: string): number | undefined {
  const typed = value.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!typed) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(typed);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A `datetime-local` value ("2026-12-31T23:59") in the browser's time zone, as ISO 8601; other text goes on as typed, for the schema to refuse. */
export function localToIso(value: string): string | undefined {
  const typed = value.trim();
  if (!typed) return undefined;
  const date = new Date(typed);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(typed) && !Number.isNaN(date.getTime()) ? date.toISOString() : typed;
}

/** The request the form describes (what is left empty is left out). */
export function toCreateRequest(values: CouponFormValues): CreateCouponRequest {
  const amount = values.discountKind === 'amount';
  // Nothing typed is refused in the value's own words, not as "give either …".
  const off = (amount ? dollarsToCents(values.value) : wholeNumber(values.value.trim().replace(/%$/, ''))) ?? Number.NaN;
  const request: CreateCouponRequest = { code: values.code.trim(), ...(amount ? { amountOffCents: off } : { percentOff: off }) };
  if (values.appliesTo === 'chosen') {
    const types = listOf(values.types).filter(isCourseType) as CourseType[];
    const courseIds = listOf(values.courseIds);
    request.appliesTo = {
      ...(types.length ? { types } : {}),
      ...(courseIds.length ? { courseIds } : {}),
      ...(values.memberships === 'yes' ? { memberships: true } : {}),
    };
  }
  const optional = {
    startsAt: localToIso(values.startsAt),
    endsAt: localToIso(values.endsAt),
    maxUses: wholeNumber(values.maxUses),
    maxUsesPerCustomer: wholeNumber(values.maxUsesPerCustomer),
    minOrderCents: dollarsToCents(values.minOrder),
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) Object.assign(request, { [name]: value });
  return request;
}

/** The form field a message of the wire's schema belongs to. */
function fieldOf(path: readonly PropertyKey[]): CouponFormField {
  const [first, second] = path;
  switch (first) {
    case 'percentOff':
    case 'amountOffCents':
      return 'value';
    case 'appliesTo':
      return second === 'courseIds' ? 'courseIds' : 'types';
    case 'minOrderCents':
      return 'minOrder';
    case 'startsAt':
    case 'endsAt':
    case 'maxUses':
    case 'maxUsesPerCustomer':
      return first;
    default:
      return 'code';
  }
}

/** The first message per field: the contract's, from `createCouponSchema.safeParse`, and the form's own. */
export function couponFormErrors(values: CouponFormValues): Partial<Record<CouponFormField, string>> {
  const errors: Partial<Record<CouponFormField, string>> = {};
  const request = toCreateRequest(values);
  const parsed = createCouponSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  }
  // The schema's rule across the dates runs only once every field passes: asked of the dates alone, it is said at once.
  if (!errors.startsAt && !errors.endsAt && request.startsAt && request.endsAt) {
    const dates = createCouponSchema.safeParse({ code: 'DATES', percentOff: 1, startsAt: request.startsAt, endsAt: request.endsAt });
    if (!dates.success) errors.endsAt = dates.error.issues[0]!.message;
  }
  const applies = request.appliesTo;
  if (applies && !applies.types && !applies.courseIds && !applies.memberships) errors.types ??= CHOOSE_WHAT;
  return errors;
}

/** The form's schema for `useZodForm`: text fields, judged as the request they make (the fields in the order a first error is focused). */
export const couponFormSchema = z.object(FIELDS).superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(couponFormErrors(values))) ctx.addIssue({ code: 'custom', path: [field], message });
});
