import type { Course as CourseDto, CourseSummary as CourseSummaryDto, Instructor as InstructorDto, PricingTier as PricingTierDto } from '@contracts/catalogue';
import type { Course, Instructor, PricingTier } from '@db/models';
import type { CourseType } from '@contracts/catalogue';
import { centsToDecimal } from '../../lib/money';

/** Course row (with its instructor fetched) → wire shape. Instructor fields fall back to the linked instructor. */
export function toCourseDto(course: Course): CourseDto {
  const instructor = course.instructor ?? null;
  return {
    id: course.id,
    title: course.title,
    code: course.code,
    type: course.type as CourseType,
    category: course.category,
    price: centsToDecimal(course.priceCents),
    shortDescription: course.shortDescription,
    description: course.description,
    image: course.image,
    startDate: course.startDate,
    endDate: course.endDate,
    duration: course.duration,
    timezone: course.timezone,
    location: course.location,
    maxParticipants: course.maxParticipants,
    currentParticipants: course.currentParticipants,
    seatsOffered: course.seatsOffered,
    tags: course.tags ?? [],
    isActive: course.isActive,
    instructorId: course.instructorId,
    instructor: instructor ? { id: instructor.id, name: instructor.name, title: instructor.title, image: instructor.image } : null,
    instructorName: course.instructorName ?? instructor?.name ?? null,
    instructorTitle: course.instructorTitle ?? instructor?.title ?? null,
    instructorImage: course.instructorImage ?? instructor?.image ?? null,
    instructorBio: course.instructorBio ?? instructor?.bio ?? null,
    creditRules: course.creditRules ?? null,
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
    version: course.version,
  };
}

/** A course's card fields (`view=summary`): everything but the description and the instructor bio. */
export function summarizeCourse(course: Partial<Pick<CourseDto, 'description' | 'instructorBio'>> & CourseSummaryDto): CourseSummaryDto {
  const { description: _description, instructorBio: _bio, ...summary } = course;
  return summary;
}

export function toCourseSummaryDto(course: Course): CourseSummaryDto {
  return summarizeCourse(toCourseDto(course));
}

export function toPricingTierDto(tier: PricingTier): PricingTierDto {
  return {
    id: tier.id,
    courseId: tier.courseId,
    name: tier.name,
    price: centsToDecimal(tier.priceCents),
    description: tier.description,
    features: tier.features ?? [],
    isDefault: tier.isDefault,
    tierLevel: tier.tierLevel,
    sortOrder: tier.sortOrder,
  };
}

export function toInstructorDto(instructor: Instructor): InstructorDto {
  return {
    id: instructor.id,
    name: instructor.name,
    title: instructor.title,
    bio: instructor.bio,
    image: instructor.image,
    expertise: instructor.expertise ?? [],
  };
}
